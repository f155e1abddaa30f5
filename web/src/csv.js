// csv.js: the one CSV writer of the page. Every CSV the browser exports (a
// chart's data, the live bench's every step, the well-posedness map, the
// scenarios' full-rate runs) has the same shape:
//   # comment lines (what, when, the parameters), each starting with '# '
//   one header line: each column as "name [unit]" ("name" when it has no unit)
//   one line per row, the numbers as JavaScript writes them (exact round trip)

/** The header cell of a column { name, unit }. */
export const csvColumn = ({ name, unit }) => (unit ? `${name} [${unit}]` : name);

/** The header line of columns [{ name, unit }, ...]. */
export const csvHeader = (columns) => columns.map(csvColumn).join(',');

/** One data line. */
export const csvRow = (values) => values.join(',');

/** The text of a CSV file: { comments: [text, ...] (written '# text'),
 *  columns: [{ name, unit }, ...], rows: iterable of arrays }, '\n' at the end. */
export function csvText({ comments = [], columns, rows = [] }) {
  const lines = comments.map((c) => `# ${c}`);
  lines.push(csvHeader(columns));
  for (const r of rows) lines.push(csvRow(r));
  return `${lines.join('\n')}\n`;
}

/** The CSV text as a blob: URL to download. */
export const csvUrl = (text) => URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
