import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { type Column, DataTable, sortFromQuery, type TableSort } from "./DataTable";

interface Account {
  email: string;
  role: string;
  signIns: number;
}

const ACCOUNTS: Account[] = [
  { email: "ann@example.co.uk", role: "Owner", signIns: 12 },
  { email: "bob@example.co.uk", role: "Desk", signIns: 3 },
];

const COLUMNS: Array<Column<Account>> = [
  { id: "email", header: "Email", rowHeader: true, cell: (a) => a.email, sortable: true },
  { id: "role", header: "Role", cell: (a) => a.role },
  { id: "signIns", header: "Sign-ins", numeric: true, cell: (a) => a.signIns, sortable: true },
];

function render(props: Partial<Parameters<typeof DataTable<Account>>[0]> = {}) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <DataTable
        caption="Staff accounts"
        columns={COLUMNS}
        rows={ACCOUNTS}
        rowKey={(a) => a.email}
        empty="No accounts."
        {...props}
      />
    </MemoryRouter>,
  );
}

/** The `<th>` of a column header, by its text. */
const header = (html: string, text: string) =>
  new RegExp(`<th scope="col"[^>]*>(?:(?!</th>).)*${text}(?:(?!</th>).)*</th>`).exec(html)?.[0] ?? "";

describe("DataTable", () => {
  it("draws a named table: caption, column headers, row headers and cells, in a focusable frame", () => {
    const html = render();
    expect(html).toMatch(
      /<section aria-label="Staff accounts, table" tabindex="0" class="overflow-x-auto[^"]*">/,
    );
    expect(html).toContain('<caption class="sr-only">Staff accounts</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(html).toMatch(/<th scope="row" class="font-medium[^"]*">ann@example\.co\.uk<\/th>/);
    expect(html).toMatch(/<td class="[^"]*">Owner<\/td>/);
    // Numbers sit right, in figures of one width, and their header with them.
    expect(html).toMatch(/<td class="[^"]*text-right tabular-nums[^"]*">12<\/td>/);
    expect(header(html, "Sign-ins")).toContain("text-right");
    // Without a sort, no header is a link and none claims an order.
    expect(html).not.toContain("<a ");
    expect(html).not.toContain("aria-sort");
  });

  it("shows the caption when asked, and names the frame as told", () => {
    const html = render({ captionVisible: true, label: "Accounts, table" });
    expect(html).toMatch(/<caption class="[^"]*font-semibold[^"]*">Staff accounts<\/caption>/);
    expect(html).toContain('aria-label="Accounts, table"');
  });

  it("says so in one row across every column when there are no rows", () => {
    const html = render({ rows: [] });
    expect(html).toMatch(/<tbody><tr><td colSpan="3" class="[^"]*">No accounts\.<\/td><\/tr><\/tbody>/);
  });

  it("sorts by links in the sortable headers, with aria-sort on the sorted one", () => {
    const sort: TableSort = {
      column: "signIns",
      direction: "descending",
      href: (column, direction) => `?sort=${column}&dir=${direction === "ascending" ? "asc" : "desc"}`,
    };
    const html = render({ sort });
    const signIns = header(html, "Sign-ins");
    expect(signIns).toContain('aria-sort="descending"');
    // The sorted column's link turns the order round; another column's starts ascending.
    expect(signIns).toMatch(
      /<a [^>]*href="\/\?sort=signIns&amp;dir=asc"[^>]*>Sign-ins<svg[^>]*aria-hidden="true"/,
    );
    const email = header(html, "Email");
    expect(email).not.toContain("aria-sort");
    expect(email).toMatch(/<a [^>]*href="\/\?sort=email&amp;dir=asc"[^>]*>Email<svg/);
    // A column that does not sort keeps a plain header.
    expect(header(html, "Role")).toBe('<th scope="col" class="py-2 pr-3 font-semibold last:pr-0">Role</th>');
  });

  it("offers the table's CSV, named with the table, and folds the table under a summary when asked", () => {
    const html = render({
      csv: { href: "/export.csv?table=staff", text: "Download CSV" },
      folded: "Show as a table",
    });
    expect(html).toMatch(
      /<a href="\/export\.csv\?table=staff" download="" class="[^"]*" aria-label="Download CSV: Staff accounts"><svg[^>]*aria-hidden="true"[^>]*>.*<\/svg>Download CSV<\/a>/,
    );
    // The link stays outside the folded part, so it shows while the table is folded.
    expect(html.indexOf("Download CSV")).toBeLessThan(html.indexOf("<details>"));
    expect(html).toMatch(/<details><summary[^>]*>Show as a table<\/summary><div class="mt-2"><section /);
  });

  it("lets a long table scroll down inside its frame, and a row stand out", () => {
    const html = render({ maxHeight: true, rowClassName: (a) => (a.role === "Owner" ? "font-bold" : "") });
    expect(html).toMatch(/<section [^>]*class="[^"]*max-h-80 overflow-y-auto"/);
    expect(html).toMatch(
      /<tr class="border-b border-border\/60 align-top font-bold"><th scope="row"[^>]*>ann@/,
    );
  });
});

describe("sortFromQuery", () => {
  const columns = ["email", "signIns"];
  const fallback = { column: "email", direction: "ascending" } as const;

  it("reads the sort and its direction, and links to the same query in another order", () => {
    const sort = sortFromQuery("?q=ann&sort=signIns&dir=desc", columns, fallback);
    expect([sort.column, sort.direction]).toEqual(["signIns", "descending"]);
    expect(sort.href("email", "ascending")).toBe("?q=ann&sort=email&dir=asc");
    expect(sort.href("signIns", "descending")).toBe("?q=ann&sort=signIns&dir=desc");
  });

  it("falls back on a column it does not know, and on a direction that is neither asc nor desc", () => {
    const read = (search: string) => {
      const sort = sortFromQuery(search, columns, fallback);
      return [sort.column, sort.direction];
    };
    expect(read("")).toEqual(["email", "ascending"]);
    expect(read("?sort=password&dir=desc")).toEqual(["email", "ascending"]);
    expect(read("?sort=signIns&dir=sideways")).toEqual(["signIns", "ascending"]);
  });
});

describe("the admin's tables", () => {
  it("are all DataTables: no other admin route or component writes <table> markup", () => {
    const app = path.resolve(import.meta.dirname, "../..");
    const own = path.join(app, "components/admin/DataTable.tsx");
    const written = ["routes/admin", "components/admin"].flatMap((dir) =>
      readdirSync(path.join(app, dir), { recursive: true, encoding: "utf8" })
        .map((file) => path.join(app, dir, file))
        .filter((file) => /\.tsx$/.test(file) && !file.endsWith(".test.tsx") && file !== own)
        .filter((file) => /<(?:table|thead|tbody|th|td|caption)[\s>]/.test(readFileSync(file, "utf8"))),
    );
    expect(written.map((file) => path.relative(app, file))).toEqual([]);
  });
});
