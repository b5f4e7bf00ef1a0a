/** A data table the form is bound to, with its columns (for __vModel__ and tableName choices). */
export interface DataTable {
  table: string;
  tableName?: string;
  fields: Array<{ field: string; fieldName?: string }>;
  /** 1: main table, 0: sub table */
  typeId?: number | string;
}

export const BARCODE_FORMATS = [
  'code128',
  'ean13',
  'ean8',
  'ean5',
  'ean2',
  'code39',
  'itf14',
  'msi10',
  'msi11',
  'pharmacode',
  'upc',
  'codabar',
];
export const GENERAL_WIDTHS = ['600px', '800px', '1000px', '40%', '50%', '60%', '70%', '80%'];
export const FULL_WIDTHS = ['800px', '1000px', '1200px', '1400px', '50%', '60%', '70%', '80%', '90%', '100%'];
