import {
  AlignmentType,
  BorderStyle,
  Document,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ITableCellOptions,
} from 'docx';

/**
 * The building blocks every school document shares: A4 page, Times New Roman 12 pt, centred bold
 * titles, justified clauses, bordered tables. Kept here so contracts and invoices look alike.
 */

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const FONT = 'Times New Roman';
/** Half-points. */
const SIZE = 24;

export type Block = Paragraph | Table;

export function title(text: string): Paragraph {
  return new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { after: 60 },
    children: [new TextRun({ text, bold: true, size: 28 })],
  });
}

export function subtitle(text: string): Paragraph {
  return new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { after: 240 },
    children: [new TextRun(text)],
  });
}

export function heading(text: string): Paragraph {
  return new Paragraph({
    spacing: { before: 240, after: 120 },
    children: [new TextRun({ text, bold: true })],
  });
}

export function clause(
  text: string,
  opts: { bold?: boolean; align?: 'left' | 'right' | 'justify' } = {},
): Paragraph {
  const alignment =
    opts.align === 'right'
      ? AlignmentType.RIGHT
      : opts.align === 'left'
        ? AlignmentType.LEFT
        : AlignmentType.JUSTIFIED;
  return new Paragraph({
    alignment,
    spacing: { after: 120 },
    children: [new TextRun({ text, bold: opts.bold })],
  });
}

/** A line with the date on the right, the way Ukrainian contracts head their first page. */
export function centredLine(text: string): Paragraph {
  return new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { after: 120 },
    children: [new TextRun(text)],
  });
}

export function rightLine(text: string): Paragraph {
  return new Paragraph({
    alignment: AlignmentType.RIGHT,
    spacing: { after: 240 },
    children: [new TextRun(text)],
  });
}

const border = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
const borders = { top: border, bottom: border, left: border, right: border };
const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const noBorders = { top: none, bottom: none, left: none, right: none };

export interface CellSpec {
  text: string | string[];
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
  width?: number;
}

function cell(spec: CellSpec, bordered: boolean): TableCell {
  const lines = Array.isArray(spec.text) ? spec.text : [spec.text];
  const alignment =
    spec.align === 'right'
      ? AlignmentType.RIGHT
      : spec.align === 'center'
        ? AlignmentType.CENTER
        : AlignmentType.LEFT;
  const options: ITableCellOptions = {
    borders: bordered ? borders : noBorders,
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
    children: lines.map(
      (line, i) =>
        new Paragraph({
          alignment,
          children: [new TextRun({ text: line, bold: spec.bold && (i === 0 || lines.length === 1) })],
        }),
    ),
    ...(spec.width ? { width: { size: twips(spec.width), type: WidthType.DXA } } : {}),
  };
  return new TableCell(options);
}

/** A4 width less the margins, in twips: the width tables fill. */
const TEXT_WIDTH = 11906 - 1418 - 850;
const twips = (percent: number) => Math.round((TEXT_WIDTH * percent) / 100);

/**
 * A full-width table; widths in percent on the first row's cells. The column grid is written out
 * too: LibreOffice lays columns out from it, not from the cells' widths.
 */
export function table(rows: CellSpec[][], opts: { bordered?: boolean } = {}): Table {
  const bordered = opts.bordered ?? true;
  const widths = rows[0]?.map((c) => c.width);
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    ...(widths?.every((w) => w !== undefined) ? { columnWidths: widths.map((w) => twips(w!)) } : {}),
    rows: rows.map((row) => new TableRow({ children: row.map((spec) => cell(spec, bordered)) })),
  });
}

export function spacer(): Paragraph {
  return new Paragraph({ children: [] });
}

export async function renderDocx(
  blocks: Block[],
  meta: { title: string; language: string },
): Promise<Buffer> {
  const doc = new Document({
    title: meta.title,
    creator: 'School',
    styles: {
      default: { document: { run: { font: FONT, size: SIZE, language: { value: meta.language } } } },
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: 11906, height: 16838 },
            margin: { top: 1134, bottom: 1134, left: 1418, right: 850 },
          },
        },
        children: blocks,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
