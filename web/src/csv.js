// csv.js: the one CSV writer of the page. Every CSV the browser exports (a
// chart's data, the live bench's every step, the well-posedness map, the
// scenarios' full-rate runs) has the same shape:
//   # comment lines (what, when, the parameters), each starting with '# '
//   one header line: each column as "name [unit]" ("name" when it has no unit)
//   one line per row, the numbers as JavaScript writes them (exact round trip)
//   or, with `digits`, rounded to that many significant digits and written
//   shortest (the charts' CSVs: 15, what a double holds in decimal, so
//   0.009000000000000001 = 9·0.001 is written 0.009)
// A text cell with a comma, a quote or a line break is quoted (RFC 4180),
// never rewritten.

/** One cell: text quoted when it must be (RFC 4180). */
export const csvCell = (v) => (typeof v === 'string' && /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The header cell of a column { name, unit }. */
export const csvColumn = ({ name, unit }) => csvCell(unit ? `${name} [${unit}]` : name);

/** The header line of columns [{ name, unit }, ...]. */
export const csvHeader = (columns) => columns.map(csvColumn).join(',');

/** A number to `digits` significant digits, written shortest. */
export const csvNumber = (v, digits) => (typeof v === 'number' && Number.isFinite(v) && digits ? String(Number(v.toPrecision(digits))) : v);

/** One data line (numbers to `digits` significant digits when given). */
export const csvRow = (values, digits = 0) => values.map((v) => csvCell(csvNumber(v, digits))).join(',');

/** The text of a CSV file: { comments: [text, ...] (written '# text'),
 *  columns: [{ name, unit }, ...], rows: iterable of arrays, digits (0:
 *  exact) }, '\n' at the end. */
export function csvText({ comments = [], columns, rows = [], digits = 0 }) {
  const lines = comments.map((c) => `# ${c}`);
  lines.push(csvHeader(columns));
  for (const r of rows) lines.push(csvRow(r, digits));
  return `${lines.join('\n')}\n`;
}

/** The CSV text as a blob: URL to download. */
export const csvUrl = (text) => URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
