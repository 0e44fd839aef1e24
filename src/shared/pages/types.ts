import type { Language } from '../i18n/languages';
import type { MessageKey } from '../i18n/messages';

/**
 * The page manifest: every menu page declared once, in `src/shared/pages/<section>.ts`.
 * From it come the menu seed and its buttons, the demo grants, the console's route registry,
 * and for a list page with fields its server CRUD routes (zod bodies, sheet headers) and its
 * console columns, search form and edit form. `docs/adding-a-page.md` walks through one.
 */
export type Text = Record<Language, string>;

/**
 * list: a searchable, paged list with add, edit, delete, export and import; editor: add, edit
 * and delete only; report: a ReportDef query (filters, chart and table); order: a warehouse
 * order list (scan and lifecycle buttons); dashboard: dashboards/*.ts; custom: its own view.
 */
export type PageKind = 'list' | 'editor' | 'report' | 'order' | 'dashboard' | 'custom';

/** The demo roles a page is granted to on a first start (the administrator holds everything). */
export type DemoRole = 'staff' | 'dealer' | 'display';

export interface ButtonSpec { action: string; title: Text }

/**
 * How a field is typed, checked and shown. text and textarea: trimmed text; code: upper-case
 * letters and digits (docs/product.md#validation); phone and email: the patterns of docs/product.md#validation; number: a
 * decimal, `int` for whole numbers; select: one of `options`; date: YYYY-MM-DD; plate: a vehicle
 * plate, kept upper-case without spaces; boolean: yes or no (a switch in the form, 是/否 Yes/No in sheets);
 * money: a price, at least 0 with at most two decimals, kept as decimal text ('455.50');
 * datetime: a moment the server sets (activated, created), shown and exported as `YYYY-MM-DD HH:mm:ss`, never in the form;
 * password: a first password (a user's), in the create form and the import only, held to the password
 * rules on both sides, stored by the server as its hash in the column `<key>Hash`, never in a row, a sheet or the audit trail.
 */
export type FieldType = 'text' | 'textarea' | 'code' | 'phone' | 'email' | 'plate' | 'number' | 'int' | 'money' | 'select' | 'date' | 'boolean' | 'ref' | 'datetime' | 'password';

/**
 * A record of another table a field points at, by id: chosen from the caller's data scope in
 * the form, shown as `code name` in the table and the sheet, given by code in an import.
 */
export type RefKind = 'warehouse' | 'dealer' | 'material' | 'brand' | 'transitPoint' | 'route' | 'vehicle' | 'outboundOrder' | 'area' | 'storageLocation' | 'region'
  | 'department' | 'role';

/**
 * Refs whose records form a tree (a department within another): chosen in a tree select, and a
 * search for one finds the records of it and of every record below it.
 */
export const TREE_REFS: readonly RefKind[] = ['department'];

export interface FieldSpec {
  key: string;
  label: Text;
  type: FieldType;
  /** Cannot be empty ('… cannot be empty' of docs/product.md#validation names the field). */
  required?: boolean;
  /** Longest text; default 64 (textarea 256). */
  max?: number;
  /** text: the value must match it (a serial number's letters, digits, `-` and `_`), or is refused as invalid (or with `patternMessage`). */
  pattern?: RegExp;
  patternMessage?: MessageKey;
  /** How this field's blank is said, when not as the page says it (a material code 'cannot be empty', its name 'is mandatory'). */
  blankSaid?: 'mandatory' | 'cannotBeEmpty';
  /** Smallest and largest number. */
  min?: number;
  maxValue?: number;
  /** Values of a select, each with its label; the first is the default of a new record. */
  options?: { value: string; label: Text; color?: string }[];
  /** ref: the table pointed at. */
  ref?: RefKind;
  /** ref: several records, in the order chosen (an integer array column); shown and imported as a list. */
  many?: boolean;
  /** ref: chosen by typing part of its code or name (the server finds at most 50), for tables too long to offer whole (materials). */
  searched?: boolean;
  /**
   * A field of the record a ref field of the page points at, `<ref field>.<its column>` (a dealer
   * material's `materialId.specification`): shown, exported, searched and sorted, never written. A ref
   * read so (`materialId.brandId`) is joined in turn, and chooses and labels like any other.
   */
  from?: string;
  /**
   * ref: the field it lies within, whose record the ref's own scope column must match (an area of
   * the record's warehouse): the form offers, the server accepts and an import finds it by code only there.
   */
  within?: string;
  /** boolean: the value of a new record, and of an empty sheet cell (false unless given). */
  defaultValue?: boolean;
  /** No two records share the value (409 naming the field); with `uniqueWith`, no two sharing those fields too. */
  unique?: boolean;
  uniqueWith?: string[];
  /** Shown but not editable once the record exists. */
  lockedOnEdit?: boolean;
  /**
   * Not editable on the records whose fields hold these values (`{ code: 'admin' }`: the built-in
   * administrator keeps its code). The form locks it; the server's own rule refuses the change.
   */
  lockedWhen?: Record<string, string>;
  /** Neither searched nor chosen by a dealer's own users, whose records are their dealer's anyway (a device's dealer). */
  staffOnly?: boolean;
  /** Where the field appears; by default in the table, the form, the export and the import. */
  table?: boolean;
  form?: boolean;
  export?: boolean;
  /** An exact-match search field, or for text `contains` (text fields are also searched by the page's keyword box). */
  search?: boolean | 'contains';
  sortable?: boolean;
  /** Other headers an import reads as this field's column: those of files made before the page's move (`Code`). A ref's `<label> code` is read anyway. */
  aliases?: string[];
  /** Sheet column width in characters. */
  width?: number;
  /**
   * How the sheet writes the field when not as shown: a select by its `value` (factory) rather than its
   * label, a ref by its `name` alone (a brand: Everpeak) in a column keyed `brand` (a `many` ref's names,
   * comma-separated, in a column keyed by the plural: `roleIds` -> `roles`), or by its `code` alone in a
   * column headed `<label> code` (a user's dealer, whose name has a column of its own); imports read either.
   */
  sheetAs?: 'value' | 'name' | 'code';
  /** A hint under the form field. */
  hint?: Text;
  /**
   * text: written, never read back (a webhook's signing secret). Not in a row, a sheet or the audit
   * trail; set when the record is made, replaced when an edit types a new one, kept when it leaves it blank.
   */
  secret?: boolean;
  /** What an empty value means, in its table cell and as its form placeholder (a rule's brand left empty: any). */
  emptyText?: Text;
}

/** A search field of a list beyond its fields' own. */
export interface SearchSpec {
  key: string;
  label: Text;
  /**
   * The records where any of these ref fields (of one kind) holds the record chosen: a route through a transit point at either end,
   * or a user holding a role (`roleIds`, a `many` ref kept in a link table) under the older filter's name `roleId`.
   */
  anyOf?: string[];
  /** The records where this field holds a value (the first option chosen) or none (the second): matched or unmatched relations. */
  filled?: string;
  options?: [{ value: string; label: Text }, { value: string; label: Text }];
}

/**
 * A status move of a list's records, as a PDA's activate and freeze: the call `<api>/<action>`
 * (body `{ ids }`, answer `{ changed }`) moves every record given from one of `from` to `to` under
 * row locks, or refuses them all with `refusal` when one is elsewhere; each move is audited as
 * `action`. The list shows it on each row that may move and as a toolbar button for a selection.
 */
export interface TransitionSpec {
  action: string;
  title: Text;
  /** The select field moved (default `status`). */
  field?: string;
  from: string[];
  to: string;
  /** A datetime field set to now by the move (a device's activatedAt). */
  stamp?: string;
  /** The button a caller needs, `<perm>:<button>` (default `edit`). */
  button?: string;
  /** 409 when a record given is not in `from`. */
  refusal: MessageKey;
  /** Asked before (`{{count}}` records), said after, and said when the selection holds a record that cannot move. */
  confirm: Text;
  done: Text;
  selectFirst: Text;
  /** A menu icon name (MenuIcon); a danger move (freeze) is drawn in warning colours. */
  icon?: string;
  danger?: boolean;
}

/**
 * The second list of a master-detail page: the records of the row chosen in the first (a radio
 * choice), their calls under `api`, under the page's own permission and buttons.
 */
export interface DetailSpec {
  title: Text;
  /** What the first list holds, when the page's title names both (Dictionary types). */
  masterTitle: Text;
  api: string;
  fields: FieldSpec[];
  /** The detail's field holding the chosen row's `from` (an entry's dictType is its type's type): fixed, searched by, not in the form. */
  by: { field: string; from: string };
  /** The chosen row's field shown after the detail's title, per language (a type's name or English name). */
  caption?: Text;
}

/** Which rows a caller sees: all (no dealer data), or the rows of the dealers and warehouses of its data scope. */
export type ScopeRule = 'none' | 'dealer' | 'warehouse';

export interface PageSpec {
  /** Route name, the last path segment (`laborFactor`); the product's odd names stay (docs/product.md#routes-and-screens). */
  path: string;
  title: Text;
  icon?: string;
  kind: PageKind;
  hidden?: boolean;
  noCache?: boolean;
  /** Buttons beyond those of its kind. */
  buttons?: ButtonSpec[];
  /** Demo roles granted the page, beyond the section's default; `dealerWithout` drops button actions for dealers. */
  demo?: DemoRole[];
  demoWithout?: Partial<Record<DemoRole, string[]>>;
  /** list and editor: the call prefix its server module registers, e.g. `/other/laborFactor`. */
  api?: string;
  /** list: the fields, declared once for table, search, form, export and import. */
  fields?: FieldSpec[];
  /** list: search fields matching any of several ref fields, or whether a field is filled. */
  searches?: SearchSpec[];
  /** list: the fields the keyword box searches, when not every text field (a user's name and nickname, not its e-mail). */
  keyword?: string[];
  scope?: ScopeRule;
  /**
   * list: a ref field whose records the list shows one at a time, chosen in a picker above it (the
   * first at once): the rows are that record's, it is not searched again, and a new record lies there.
   */
  pickedBy?: string;
  /** list: a second list beside this one, of the records of the row chosen in it (a dictionary type's entries). */
  detail?: DetailSpec;
  /**
   * How a required field's blank is said: `<label> cannot be empty` (docs/product.md#validation's list of
   * fields, the default) or, with `mandatory`, the general 'This input item is mandatory'.
   */
  blankSaid?: 'mandatory' | 'cannotBeEmpty';
  /** list: status moves of its records, each a call, a row button and a toolbar button. */
  transitions?: TransitionSpec[];
  /**
   * list: the call the form's reference choices come from, when `<api>/options` is the page's
   * older call with an answer of its own (kept as it was).
   */
  optionsApi?: string;
  /** report: the ReportDef page it shows. */
  report?: string;
  /** In the menu but not built yet: the console shows the generic page, which says so. */
  planned?: boolean;
  /** The same page reached under another menu path (`/other` lists also sit under monitoring). */
  sharedWith?: string;
}

export interface GroupSpec { path: string; title: Text; icon: string; pages: PageSpec[] }

export interface SectionSpec {
  path: string;
  title: Text;
  icon: string;
  /** Demo roles granted every page of the section (staff: all but system administration). */
  demo?: DemoRole[];
  groups: GroupSpec[];
}

/** A page with where it sits: full path and permission code. */
export interface PlacedPage extends PageSpec {
  /** `/other/otherConfig/laborFactor` */
  route: string;
  /** `other:laborFactor`; buttons are `<perm>:<action>`. */
  perm: string;
  section: SectionSpec;
  group: GroupSpec;
}

export const text = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });
