/** An Arabic overlay merged onto its English data file (overlay strings replace the English at the same paths; absent or null keeps the English). */
export declare function mergeOverlay(english: unknown, overlay: unknown): unknown;
