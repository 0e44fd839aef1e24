const XLSX_NAME = /\.(xlsx|xls)$/i;

/** docs/product.md#validation: only xls or xlsx files are accepted. */
export const isSpreadsheet = (name: string) => XLSX_NAME.test(name);
