/**
 * The formatting of `npm run leads:export` (server/leads/export-format.ts),
 * pure: RFC 4180 quoting with CRLF, the UTF-8 byte order mark, formula
 * neutralising (OWASP's CSV injection advice) in CSV only, the columns, and
 * JSON Lines that parse back to the stored fields.
 */
import {
  ATTRIBUTION_COLUMNS,
  cellText,
  csvColumns,
  csvField,
  csvHeader,
  csvLine,
  csvRecord,
  fieldColumns,
  jsonlRecord,
  LEAD_COLUMNS,
  neutralise,
  OTHER_COLUMN,
  UTF8_BOM,
  type JsonLead,
} from "../../server/leads/export-format";
import { parseExportArgs } from "../../server/cli/export";
import type { ExportedSubmission } from "../../server/store/types";
import { FORM_KEYS, FORMS } from "../../src/shared/forms/registry";

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF records), to read back what csvLine wrote. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || record.length > 0) throw new Error("the last record has no CRLF");
  return records;
}

function lead(overrides: Partial<ExportedSubmission> = {}): ExportedSubmission {
  return {
    id: "0b0e7c2e-5f7e-4a35-9d8f-2f7f5c1f1a01",
    mailType: "contact",
    createdAt: "2025-03-04T05:06:07.089Z",
    payload: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", message: "Hello", mailType: "contact" },
    quarantined: false,
    reasons: [],
    releasedAt: null,
    attachments: [],
    delivery: "sent",
    sentAt: "2025-03-04T05:06:09.000Z",
    ...overrides,
  };
}

describe("CSV fields", () => {
  it.each([
    ["=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"],
    ["+971 50 123 4567", "'+971 50 123 4567"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["plain", "plain"],
    ["a=1", "a=1"],
    ["", ""],
    ["محمد", "محمد"],
  ])("neutralises %j as %j", (value, expected) => {
    expect(neutralise(value)).toBe(expected);
  });

  it("quotes (quotes doubled) only what needs it: a quote, comma, semicolon or line break", () => {
    expect(csvField("plain text")).toBe("plain text");
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("line\r\nbreak")).toBe('"line\r\nbreak"');
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
  });

  it("ends each record with CRLF and reads back to the neutralised values", () => {
    const values = ["1", 'a "quoted", value', "two\nlines", "=cmd", "", "حملة-الربع-الثاني"];
    const line = csvLine(values);
    expect(line.endsWith("\r\n")).toBe(true);
    expect(parseCsv(line)).toEqual([values.map(neutralise)]);
  });

  it("starts with the UTF-8 byte order mark, then the header row", () => {
    const header = csvHeader(fieldColumns(["contact_us"]));
    expect(header.startsWith(UTF8_BOM)).toBe(true);
    expect(Buffer.from(header, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parseCsv(header.slice(1))).toEqual([csvColumns(fieldColumns(["contact_us"]))]);
  });
});

describe("columns", () => {
  it("are the lead's, the attribution's, the forms' fields, then the others", () => {
    expect(csvColumns(fieldColumns(["contact_us"]))).toEqual([
      "id",
      "form",
      "received",
      "state",
      "sent",
      "quarantined",
      "reasons",
      "landing_page",
      "referrer",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_term",
      "utm_content",
      "page",
      "language",
      "firstName",
      "lastName",
      "email",
      "phoneNumber",
      "companyName",
      "subject",
      "message",
      OTHER_COLUMN,
    ]);
  });

  it("of every form: each field of each form once, the same order each time", () => {
    const all = fieldColumns();
    expect(new Set(all).size).toBe(all.length);
    for (const key of FORM_KEYS) for (const field of FORMS[key].notify) expect(all).toContain(field);
    expect(fieldColumns(FORM_KEYS)).toEqual(all);
    expect(all.slice(0, 4)).toEqual(["firstName", "lastName", "fullName", "email"]);
  });

});

describe("a CSV record", () => {
  const fields = fieldColumns();
  const columns = csvColumns(fields);
  const read = (record: string): Record<string, string> => {
    const [cells] = parseCsv(record);
    expect(cells).toHaveLength(columns.length);
    return Object.fromEntries(columns.map((column, index) => [column, cells[index]]));
  };

  it("has the language of the page the lead was sent from as a column (English when none is stored)", () => {
    const row = read(csvRecord(lead({ payload: { lastName: "الهاشمي", mailType: "contact", attribution: { page: "/ar/contact", language: "ar" } } }), fields));
    expect(row.language).toBe("ar");
    expect(row.page).toBe("/ar/contact");
  });

  it("holds the lead, its delivery, attribution, fields and files", () => {
    const row = read(
      csvRecord(
        lead({
          mailType: "career",
          payload: {
            firstName: "=HYPERLINK(\"http://x\")",
            lastName: "الهاشمي",
            phoneNumber: "+971 50 123 4567",
            mailType: "career",
            attribution: { landingPage: "/careers", utm_campaign: "حملة", page: "/careers" },
          },
          attachments: [
            { field: "resume", originalName: "cv.pdf", contentType: "application/pdf", size: 2048 },
            { field: "coverLetter", originalName: "letter, 2.docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", size: 10 },
          ],
        }),
        fields,
      ),
    );
    expect(row).toMatchObject({
      id: "0b0e7c2e-5f7e-4a35-9d8f-2f7f5c1f1a01",
      form: "careers",
      received: "2025-03-04T05:06:07.089Z",
      state: "sent",
      sent: "2025-03-04T05:06:09.000Z",
      quarantined: "no",
      reasons: "",
      landing_page: "/careers",
      utm_campaign: "حملة",
      page: "/careers",
      referrer: "",
      language: "en",
      firstName: "'=HYPERLINK(\"http://x\")",
      lastName: "الهاشمي",
      phoneNumber: "'+971 50 123 4567",
      resume: "cv.pdf (application/pdf, 2.0 KB)",
      coverLetter: "letter, 2.docx (application/vnd.openxmlformats-officedocument.wordprocessingml.document, 10 B)",
      [OTHER_COLUMN]: "",
    });
  });

  it("says a quarantined lead is held, and why", () => {
    const row = read(csvRecord(lead({ quarantined: true, reasons: ["honeypot", "proof_missing"], delivery: "held", sentAt: null }), fields));
    expect(row).toMatchObject({ state: "held", sent: "", quarantined: "yes", reasons: "honeypot; proof_missing" });
    expect(read(csvRecord(lead({ reasons: ["honeypot"], releasedAt: "2025-03-05T00:00:00.000Z" }), fields)).quarantined).toBe("released");
  });

  it("writes lists joined with '; ', a quotation's items readable, and fields no column names as JSON", () => {
    const row = read(
      csvRecord(
        lead({
          mailType: "quote_request",
          payload: {
            interestedIn: ["Bolting", "Machining"],
            items: [
              { product: "torque-pump", model: "TP-700", quantity: 2, note: "=1+1" },
              { product: "nut-splitter", quantity: 1 },
            ],
            participants: 12,
            legacy: "kept",
            mailType: "quote_request",
          },
        }),
        fields,
      ),
    );
    expect(row.interestedIn).toBe("Bolting; Machining");
    expect(row.items).toBe("2 × torque-pump (model TP-700): =1+1\n1 × nut-splitter");
    expect(row.participants).toBe("12");
    expect(row[OTHER_COLUMN]).toBe('{"legacy":"kept"}');
  });

  it("renders values as text", () => {
    expect(cellText(null)).toBe("");
    expect(cellText(undefined)).toBe("");
    expect(cellText(true)).toBe("true");
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(ATTRIBUTION_COLUMNS.map(([column]) => column)).toEqual(["landing_page", "referrer", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "page", "language"]);
    expect(LEAD_COLUMNS[0]).toBe("id");
  });
});

describe("a JSON Lines record", () => {
  it("is one line that parses back to exactly the stored fields, not neutralised", () => {
    const payload = {
      firstName: "=HYPERLINK(\"http://x\")",
      lastName: "الهاشمي\u2028next",
      message: "line\r\nbreak\u0085 and \u2029",
      participants: 3,
      interestedIn: ["a", "b"],
      mailType: "contact",
      attribution: { utm_source: "news" },
    };
    const line = jsonlRecord(lead({ payload, attachments: [{ field: "file", originalName: "o.pdf", contentType: "application/pdf", size: 5 }] }));
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toMatch(/[\n\r\u0085\u2028\u2029]/);
    const record = JSON.parse(line) as JsonLead;
    expect({ ...record.fields, attribution: record.attribution }).toEqual(payload);
    expect(record).toMatchObject({
      form: "contact_us",
      mailType: "contact",
      state: "sent",
      quarantined: false,
      reasons: [],
      attachments: [{ field: "file", name: "o.pdf", contentType: "application/pdf", size: 5 }],
    });
  });

  it("gives a lead without attribution null", () => {
    expect((JSON.parse(jsonlRecord(lead())) as JsonLead).attribution).toBeNull();
  });

  it("gives the language of the page a lead was sent from, English when the lead has none (contract 1.6.0)", () => {
    const language = (attribution?: Record<string, string>) =>
      (JSON.parse(jsonlRecord(lead({ payload: { email: "a@example.org", mailType: "contact", ...(attribution ? { attribution } : {}) } }))) as JsonLead).language;
    expect(language({ page: "/ar/contact", language: "ar" })).toBe("ar");
    expect(language({ page: "/contact" })).toBe("en");
    expect(language()).toBe("en");
  });

  it("names a lead's form by its key whichever of the form's mail types it was sent with; an unknown mail type stays as it is", () => {
    const form = (mailType: string) => (JSON.parse(jsonlRecord(lead({ mailType, payload: { email: "a@example.org", mailType } }))) as JsonLead).form;
    expect(form("news_letter")).toBe("news-letter");
    expect(form("newsletter")).toBe("news-letter");
    expect(form("transfer_partner_form")).toBe("transfer_partner");
    expect(form("retired_form")).toBe("retired_form");
  });
});

describe("the arguments", () => {
  it("default to every lead but quarantined ones, as CSV", () => {
    expect(parseExportArgs([])).toEqual({ filter: { includeQuarantined: false }, forms: FORM_KEYS, format: "csv" });
  });

  it("make --since and --until inclusive UTC days, --form a form's key that selects its mail types", () => {
    expect(parseExportArgs(["--since", "2025-01-31", "--until=2025-02-01", "--form", "contact_us", "--format", "jsonl", "--include-spam"])).toEqual({
      filter: { includeQuarantined: true, since: new Date("2025-01-31T00:00:00Z"), before: new Date("2025-02-02T00:00:00Z"), mailTypes: ["contact"] },
      forms: ["contact_us"],
      format: "jsonl",
    });
    expect(parseExportArgs(["--form", "news-letter"])).toEqual({ filter: { includeQuarantined: false, mailTypes: ["news_letter", "newsletter"] }, forms: ["news-letter"], format: "csv" });
    expect(parseExportArgs(["--since", "2025-02-01", "--until", "2025-02-01"])).not.toHaveProperty("error");
  });

  it.each([
    [["--since", "2025-02-30"], /--since/],
    [["--since", "yesterday"], /--since/],
    [["--until", "2025-1-1"], /--until/],
    [["--since", "2025-02-02", "--until", "2025-02-01"], /after/],
    [["--format", "xlsx"], /csv or jsonl/],
    [["--form", "nope"], /Unknown form "nope"\. The forms: news-letter, contact_us/],
    [["--form", "contact"], /mail type of contact_us: --form contact_us/],
    [["--form", "newsletter"], /mail type of news-letter: --form news-letter/],
    [["--limit", "3"], /--limit/],
    [["extra"], /extra/],
  ])("refuse %j", (args, message) => {
    const result = parseExportArgs(args);
    expect(result).toEqual({ error: expect.stringMatching(message) });
  });
});
