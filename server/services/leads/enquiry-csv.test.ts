import { describe, expect, it } from "vitest";
import type { EnquiryView } from "../../../common/leads/enquiry-inbox";
import { CSV_BOM, csvCell, csvRow } from "../csv";
import { csvHeader, csvRows } from "./enquiry-csv";

describe("CSV cells", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+44 1733 000111", "'+44 1733 000111"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", '"\'\rcmd"'],
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
  ])("neutralises a formula start: %j → %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ["plain", "plain"],
    ["", ""],
    ["a, b", '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["crlf\r\nend", '"crlf\r\nend"'],
    ["1+1=2 and a-b", "1+1=2 and a-b"],
    ["£ café — 漢字 😀", "£ café — 漢字 😀"],
    [" =leading space", " =leading space"],
  ])("keeps other values, quoting only when needed: %j → %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("ends each row with CRLF (RFC 4180)", () => {
    expect(csvRow(["a", "b,c", ""])).toBe('a,"b,c",\r\n');
  });
});

describe("CSV export rows", () => {
  const enquiry: EnquiryView = {
    _id: "5f0c6c4e-1d2a-4c1b-9a5e-2b7f3c9d8e01",
    kind: "quote",
    createdAt: "2025-07-01T12:30:05.000Z",
    status: "contacted",
    statusChangedAt: "2025-01-15T09:00:00.000Z",
    stage: "contacted",
    fields: {
      businessType: "Farming",
      wasteType: "Peelings",
      frequency: "Weekly",
      location: "PE1 5XG",
      contact: { name: "Quinn", email: "q@example.co.uk", phone: "01733 222333" },
    },
    mail: { state: "failed", attempts: 3 },
    source: {
      landing: "/quote",
      referrer: "google.com",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring",
    },
  };

  it("starts with a byte-order mark and the header", () => {
    expect(csvHeader()).toBe(
      `${CSV_BOM}Reference,Received (UK time),Kind,Status,Status changed (UK time),Name,Email,Phone,Company,` +
        "Business type,Waste type,Frequency,Post code,Message,Mail,Mail attempts," +
        "Landing page,Came from,utm_source,utm_medium,utm_campaign,Stage\r\n",
    );
  });

  it("writes every field in UK time (summer and winter)", () => {
    expect(csvRows([enquiry])).toBe(
      `${enquiry._id},2025-07-01 13:30:05,Quote,Contacted,2025-01-15 09:00:00,Quinn,q@example.co.uk,` +
        "01733 222333,,Farming,Peelings,Weekly,PE1 5XG,,failed,3,/quote,google.com,newsletter,email,spring,Contacted\r\n",
    );
    expect(csvRows([{ ...enquiry, statusChangedAt: null, mail: null, source: null }])).toMatch(
      /,Contacted,,Quinn,.*,,,,,,,Contacted\r\n$/,
    );
    expect(csvRows([{ ...enquiry, stage: "won" }])).toMatch(/,spring,Won\r\n$/);
  });
});
