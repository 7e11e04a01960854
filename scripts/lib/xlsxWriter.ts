// A one-sheet .xlsx workbook for test fixtures: strings through the shared-string table, numbers as numeric
// cells, deflate entries with zero timestamps (reproducible bytes). What read-excel-file needs, nothing more.
import * as zlib from 'node:zlib';
import { ZipWriter } from './zipWriter';

function zip(entries: Array<{ name: string; data: string }>): Buffer {
  const parts: Buffer[] = [];
  const w = new ZipWriter((b) => parts.push(b));
  for (const e of entries) {
    const data = Buffer.from(e.data, 'utf8');
    w.add(e.name, data, 8, zlib.deflateRawSync(data));
  }
  w.finish();
  return Buffer.concat(parts);
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A workbook of one sheet holding `rows`; a null leaves its cell out (an empty cell). */
export function xlsx(rows: Array<Array<string | number | null>>): Buffer {
  const strings: string[] = [];
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map((row, r) => {
      const cells = row.map((v, c) => {
        const ref = `${col(c)}${r + 1}`;
        if (v === null) return '';
        if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`;
        strings.push(v);
        return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
      });
      return `<row r="${r + 1}">${cells.join('')}</row>`;
    })
    .join('');
  const ns = 'http://schemas.openxmlformats.org';
  return zip([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    },
    {
      name: 'xl/sharedStrings.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="${ns}/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${xmlEscape(s)}</t></si>`).join('')}</sst>`,
    },
  ]);
}
