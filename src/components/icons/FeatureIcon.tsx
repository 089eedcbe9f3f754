import React from "react";
import { Svg } from "./Svg";

/** The pictograms of the content pages (values, services, offices, careers), named from data/. */
const PATHS: Record<string, React.ReactNode> = {
  designRoute: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><circle cx="6" cy="6" r="3" /><circle cx="18" cy="18" r="3" /><path d="M9 6h6a3 3 0 0 1 0 6H9a3 3 0 0 0 0 6h6" /></g>,
  shieldCheck: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6l-7-3Z" /><path d="m9 12 2 2 4-4" /></g>,
  globeGrid: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><circle cx="12" cy="12" r="9" /><path d="M3 12h18M4.5 7h15M4.5 17h15M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3Z" /></g>,
  gearCog: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><circle cx="12" cy="12" r="3" /><circle cx="12" cy="12" r="6.5" /><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" /></g>,
  missionTarget: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><circle cx="12" cy="12" r="9" /><circle cx="12" cy="12" r="5" /><circle cx="12" cy="12" r="1" fill="currentColor" /></g>,
  visionEye: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" /><circle cx="12" cy="12" r="3" /></g>,
  enquiryInfo: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><circle cx="12" cy="12" r="9" /><path d="M12 11v6M12 7.5v.01" /></g>,
  salesChart: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M3 3v18h18" /><path d="m7 15 4-4 3 3 6-6" /><path d="M15 8h5v5" /></g>,
  supportHeadset: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M4 14v-2a8 8 0 0 1 16 0v2" /><rect x="3" y="13" width="4" height="6" rx="1.5" /><rect x="17" y="13" width="4" height="6" rx="1.5" /><path d="M19 19c0 1.5-1.5 2.5-4 2.5h-2" /></g>,
  serviceWrench: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M14.7 6.3a4 4 0 0 0 5 5l-1.4 1.4a4 4 0 0 1-4.8.6L6 20.8a2 2 0 0 1-2.8-2.8l7.5-7.5a4 4 0 0 1 .6-4.8l1.4-1.4a4 4 0 0 0 2 2Z" /></g>,
  trainingCap: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M2 9.5 12 5l10 4.5L12 14 2 9.5Z" /><path d="M6 11.5V16c0 1.5 2.7 3 6 3s6-1.5 6-3v-4.5" /><path d="M22 9.5V15" /></g>,
  careerBriefcase: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><rect x="3" y="7" width="18" height="13" rx="2" /><path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" /></g>,
  procurementCart: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M2 3h3l2.5 12h11L21 7H6.2" /><circle cx="9" cy="19.5" r="1.5" /><circle cx="17" cy="19.5" r="1.5" /></g>,
  partnerHandshake: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M2 11l4-4 3 1 3-2 3 1 4-1 3 4" /><path d="M6 7v6l5 5a1.5 1.5 0 0 0 2-2l1 1a1.5 1.5 0 0 0 2-2l.5.5a1.5 1.5 0 0 0 2-2L18 12" /><path d="M12 6 9 9a1.5 1.5 0 0 0 2 2l2-1.5 3 2.5" /></g>,
  mediaMegaphone: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M3 10v4a1 1 0 0 0 1 1h3l8 5V4L7 9H4a1 1 0 0 0-1 1Z" /><path d="M7 15l1.5 5H11l-1-5M19 9a4 4 0 0 1 0 6" /></g>,
  qualityShield: <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6l-7-3Z" /><path d="M9 12.5h6M12 9.5v6" /></g>,
  materialCube: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M12 3 20 7.5v9L12 21l-8-4.5v-9L12 3Z" /><path d="M4 7.5 12 12l8-4.5M12 12v9" /></g>,
  componentGear: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M18.8 9.7L21.4 10.4L21.4 13.6L18.8 14.3L18.4 15.2L19.8 17.5L17.5 19.8L15.2 18.4L14.3 18.8L13.6 21.4L10.4 21.4L9.7 18.8L8.8 18.4L6.5 19.8L4.2 17.5L5.6 15.2L5.2 14.3L2.6 13.6L2.6 10.4L5.2 9.7L5.6 8.8L4.2 6.5L6.5 4.2L8.8 5.6L9.7 5.2L10.4 2.6L13.6 2.6L14.3 5.2L15.2 5.6L17.5 4.2L19.8 6.5L18.4 8.8Z" /><circle cx="12" cy="12" r="3" /></g>,
  engineeringCompass: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><circle cx="12" cy="4.5" r="1.8" /><path d="M11 6.2 5.5 21M13 6.2 18.5 21M7.5 15.5h9" /></g>,
  shutdownHardHat: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M2.5 18.5h19M4 18.5V16a8 8 0 0 1 16 0v2.5M10 8.3V5.5h4v2.8M8.5 10l.5 4M15.5 10l-.5 4" /></g>,
  expansionGlobe: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3c2.4 2.5 3.6 5.5 3.6 9s-1.2 6.5-3.6 9c-2.4-2.5-3.6-5.5-3.6-9S9.6 5.5 12 3Z" /></g>,
  terminalPipeline: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M2 10h20M2 16h20M6 8v10M18 8v10M12 10V5.5M9.5 5.5h5" /></g>,
  manpowerTeam: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><circle cx="9" cy="8" r="3" /><path d="M3 20v-1a6 6 0 0 1 12 0v1" /><circle cx="17" cy="9" r="2.5" /><path d="M16.5 14A4.8 4.8 0 0 1 21 19v1" /></g>,
  renewablesLeaf: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M5 19C5 10 10 5 20 4c0 10-5 15-13 15H5Z" /><path d="M5 19 14 10" /></g>,
  lightingBulb: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.4.3.5.7.5 1.1V16h6v-1c0-.4.2-.8.5-1.1A6 6 0 0 0 12 3Z" /></g>,
  distributionPanel: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><rect x="5" y="3" width="14" height="18" rx="1.5" /><path d="M8.5 7.5h7M8.5 12h7M8.5 16.5h7M10.5 6v3M13.5 10.5v3M11 15v3" /></g>,
  contractingBolt: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M13 2 4.5 13.5H11L10 22l8.5-11.5H12L13 2Z" /></g>,
  hvacThermostat: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M10 14.3V5a2 2 0 0 1 4 0v9.3a4 4 0 1 1-4 0Z" /><path d="M12 9v8" /><path d="M17 5h3M17 8.5h3" /></g>,
  medicalPulse: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M12 20s-8.5-4.8-8.5-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8.5 2.5C20.5 15.2 12 20 12 20Z" /><path d="M6 12.5h2.5L10 10l2.5 5 1.5-2.5h4" /></g>,
  avMonitor: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><rect x="3" y="4" width="18" height="12" rx="1.5" /><path d="M8 20h8M12 16v4M10 8v4l3.5-2L10 8Z" /></g>,
  solarSun: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><circle cx="12" cy="12" r="4" /><path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" /></g>,
  inspectionClipboard: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><rect x="5" y="4.5" width="14" height="16.5" rx="1.5" /><path d="M9 3h6v3H9zM8.5 13.5l2.5 2.5 4.5-5" /></g>,
  repairWrench: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M15 3a5 5 0 0 0-4.8 6.5L3.6 16.1a2 2 0 0 0 2.8 2.8L13 12.3A5 5 0 0 0 19.6 7.2l-2.8 2.8-2.6-.6-.6-2.6 2.8-2.8A5 5 0 0 0 15 3Z" /></g>,
  modernizeRefresh: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M19.5 12a7.5 7.5 0 0 1-13.4 4.6M4.5 12a7.5 7.5 0 0 1 13.4-4.6" /><path d="M18.5 3.5v4h-4M5.5 20.5v-4h4" /></g>,
  testingGauge: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M4.2 18a9 9 0 1 1 15.6 0" /><path d="m12 14 4-5M7 14h.01M12 8h.01M17 14h.01" /><circle cx="12" cy="14" r="1.5" /></g>,
  batteryLevel: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><rect x="2.5" y="7" width="17" height="10" rx="1.5" /><path d="M21.5 10.5v3M6 10v4M9.5 10v4M13 10v4" /></g>,
  efficiencySliders: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" /><circle cx="15" cy="6" r="2" /><circle cx="9" cy="12" r="2" /><circle cx="17" cy="18" r="2" /></g>,
  expertBadge: <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round"><circle cx="12" cy="9" r="6" /><path d="M8.5 13.8 7 22l5-3 5 3-1.5-8.2" /><path d="m9.5 9 1.7 1.7 3.3-3.2" /></g>,
};

interface FeatureIconProps {
  /** A pictogram name from data/; an unknown name draws nothing rather than failing the page. */
  name: string;
  size?: number;
  title?: string;
  className?: string;
}

export function FeatureIcon({ name, ...props }: FeatureIconProps): React.ReactElement {
  return <Svg {...props}>{PATHS[name]}</Svg>;
}

/** True when `name` is a pictogram drawn here (used by tests to check data/). */
export function isFeatureIcon(name: string): boolean {
  return name in PATHS;
}
