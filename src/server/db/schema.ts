import { sql } from 'drizzle-orm';
import type { AnnouncementAudience, AnnouncementStatus } from '../../shared/api/announcement';
import type { NoticeItem, StockAlertPush } from '../../shared/api/notices';
import type { RoleType } from '../../shared/api/roleFields';
import type { CarRequestStatus } from '../../shared/logistics/dispatch';
import type { ResourceType } from '../../shared/menu';
import type { MessageKey } from '../../shared/i18n/messages';
import {
  bigint, bigserial, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- organisation
export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  name: varchar('name', { length: 64 }).notNull(),
  orderNum: integer('order_num').notNull().default(0),
  createdAt: createdAt(),
});

export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 16 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  nameEn: varchar('name_en', { length: 64 }).notNull(),
});

export const dealers = pgTable('dealers', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 128 }).notNull(),
  nickname: varchar('nickname', { length: 64 }),
  regionId: integer('region_id').references(() => regions.id),
  defaultWarehouseId: integer('default_warehouse_id'),
  contact: varchar('contact', { length: 64 }),
  phone: varchar('phone', { length: 32 }),
  address: varchar('address', { length: 256 }),
  // Behaviour flags (docs/product.md#entities); typed because orders and scanning branch on them.
  erpCall: boolean('erp_call').notNull().default(false),
  locationEnabled: boolean('location_enabled').notNull().default(false),
  duplicateScanDelete: boolean('duplicate_scan_delete').notNull().default(false),
  internalStock: boolean('internal_stock').notNull().default(false),
  batchEnabled: boolean('batch_enabled').notNull().default(false),
  tmsEnabled: boolean('tms_enabled').notNull().default(false),
  barcodeEnabled: boolean('barcode_enabled').notNull().default(true),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const warehouses = pgTable('warehouses', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 128 }).notNull(),
  dealerId: integer('dealer_id').references(() => dealers.id),
  address: varchar('address', { length: 256 }),
  contact: varchar('contact', { length: 64 }),
  phone: varchar('phone', { length: 32 }),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
}, (t) => [index('warehouses_dealer_idx').on(t.dealerId)]);

// ---------------------------------------------------------------- catalogue
export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 16 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
});

export const materials = pgTable('materials', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 128 }).notNull(),
  brandId: integer('brand_id').notNull().references(() => brands.id),
  /** Size designation with service description, e.g. `205/55R16 91V`. */
  specification: varchar('specification', { length: 64 }).notNull(),
  pattern: varchar('pattern', { length: 64 }).notNull(),
  loadIndex: varchar('load_index', { length: 16 }).notNull(),
  speedIndex: varchar('speed_index', { length: 4 }).notNull(),
  unit: varchar('unit', { length: 8 }).notNull().default('条'),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  /** factory (the maker's master) or erp (synchronised from the ERP). */
  source: varchar('source', { length: 16 }).notNull().default('factory'),
  erpCode: varchar('erp_code', { length: 32 }),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
}, (t) => [index('materials_brand_idx').on(t.brandId)]);

// ---------------------------------------------------------------- access
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  userName: varchar('user_name', { length: 64 }).notNull().unique(),
  nickName: varchar('nick_name', { length: 64 }).notNull(),
  passwordHash: varchar('password_hash', { length: 256 }).notNull(),
  email: varchar('email', { length: 128 }),
  phone: varchar('phone', { length: 32 }),
  avatar: varchar('avatar', { length: 512 }).notNull().default(''),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  dealerId: integer('dealer_id').references(() => dealers.id),
  departmentId: integer('department_id').references(() => departments.id),
  /** The console's settings as the JSON string it sent (spec: editCurrentUser {theme}). */
  settings: text('settings').notNull().default(''),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  /**
   * person (signs in to the console) or service (an outside system's account: calls the API with
   * its keys, `apiKeys`, and is refused by the sign-in; docs/integrations.md).
   */
  kind: varchar('kind', { length: 16 }).notNull().default('person'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  nameEn: varchar('name_en', { length: 64 }).notNull(),
  /** function (menus and buttons), data (data rules), special. */
  type: varchar('type', { length: 16 }).$type<RoleType>().notNull().default('function'),
  remark: varchar('remark', { length: 256 }),
  createdAt: createdAt(),
});

export const userRoles = pgTable('user_roles', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => roles.id),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] })]);

export const resources = pgTable('resources', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  /** section, group, page or button (docs/product.md#permissions). */
  type: varchar('type', { length: 16 }).$type<ResourceType>().notNull(),
  label: varchar('label', { length: 64 }).notNull(),
  labelEn: varchar('label_en', { length: 64 }).notNull(),
  path: varchar('path', { length: 128 }).notNull().default(''),
  icon: varchar('icon', { length: 32 }),
  orderNum: integer('order_num').notNull().default(0),
  redirectPath: varchar('redirect_path', { length: 256 }),
  hidden: boolean('hidden').notNull().default(false),
  noCache: boolean('no_cache').notNull().default(false),
  affix: boolean('affix').notNull().default(false),
  perm: varchar('perm', { length: 96 }).notNull().unique(),
}, (t) => [index('resources_parent_idx').on(t.parentId)]);

export const roleResources = pgTable('role_resources', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  resourceId: integer('resource_id').notNull().references(() => resources.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.resourceId] })]);

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  /** SHA-256 of the token: a leaked table does not give working tokens. */
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  ip: varchar('ip', { length: 64 }),
  userAgent: varchar('user_agent', { length: 256 }),
}, (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)]);

/**
 * A service account's API keys (docs/integrations.md): shown once when issued, kept as the SHA-256
 * of the key (a leaked table gives no working keys) with its first characters to tell keys apart.
 */
export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 64 }).notNull(),
  /** The key's first characters (`tcc_` and a few more), shown in the list. */
  prefix: varchar('prefix', { length: 16 }).notNull(),
  keyHash: varchar('key_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  lastUsedIp: varchar('last_used_ip', { length: 64 }),
  createdBy: varchar('created_by', { length: 64 }).notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_user_idx').on(t.userId)]);

export const captchas = pgTable('captchas', {
  verKey: varchar('ver_key', { length: 64 }).primaryKey(),
  answer: varchar('answer', { length: 16 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const loginLogs = pgTable('login_logs', {
  id: serial('id').primaryKey(),
  userName: varchar('user_name', { length: 64 }).notNull(),
  userId: integer('user_id'),
  ip: varchar('ip', { length: 64 }),
  userAgent: varchar('user_agent', { length: 256 }),
  success: boolean('success').notNull(),
  /** ok, badCredentials, captchaWrong, accountLocked, accountFrozen, logout */
  reason: varchar('reason', { length: 32 }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('login_logs_created_idx').on(t.createdAt), index('login_logs_user_idx').on(t.userName, t.createdAt)]);

// ---------------------------------------------------------------- dictionaries
export const dictTypes = pgTable('dict_types', {
  id: serial('id').notNull().unique(),
  type: varchar('type', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  nameEn: varchar('name_en', { length: 64 }).notNull(),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
});

export const dictData = pgTable('dict_data', {
  id: serial('id').primaryKey(),
  dictType: varchar('dict_type', { length: 64 }).notNull().references(() => dictTypes.type),
  label: varchar('label', { length: 64 }).notNull(),
  labelEn: varchar('label_en', { length: 64 }).notNull(),
  value: varchar('value', { length: 64 }).notNull(),
  sort: integer('sort').notNull().default(0),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
}, (t) => [uniqueIndex('dict_data_type_value_idx').on(t.dictType, t.value)]);

// ---------------------------------------------------------------- data scope, audit, announcements
/** Data rules of a data role: which dealers, regions or warehouses its holders may see. */
export const roleDataRules = pgTable('role_data_rules', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  /** dealer, region or warehouse */
  kind: varchar('kind', { length: 16 }).notNull(),
  refId: integer('ref_id').notNull(),
}, (t) => [primaryKey({ columns: [t.roleId, t.kind, t.refId] })]);

/** Every write of the product: who, when, what, before and after. */
export const auditLogs = pgTable('audit_logs', {
  id: serial('id').primaryKey(),
  userId: integer('user_id'),
  userName: varchar('user_name', { length: 64 }).notNull(),
  action: varchar('action', { length: 32 }).notNull(),
  entity: varchar('entity', { length: 64 }).notNull(),
  entityId: varchar('entity_id', { length: 64 }),
  before: text('before'),
  after: text('after'),
  ip: varchar('ip', { length: 64 }),
  createdAt: createdAt(),
}, (t) => [index('audit_logs_entity_idx').on(t.entity, t.entityId), index('audit_logs_created_idx').on(t.createdAt)]);

export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 128 }).notNull(),
  /** HTML cleaned to a safe subset on the way in. */
  content: text('content').notNull(),
  /** all, roles or dealers */
  audience: varchar('audience', { length: 16 }).$type<AnnouncementAudience>().notNull().default('all'),
  /** draft or published */
  status: varchar('status', { length: 16 }).$type<AnnouncementStatus>().notNull().default('draft'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('announcements_published_idx').on(t.status, t.publishedAt)]);

export const announcementTargets = pgTable('announcement_targets', {
  announcementId: integer('announcement_id').notNull().references(() => announcements.id, { onDelete: 'cascade' }),
  /** role or dealer */
  kind: varchar('kind', { length: 16 }).notNull(),
  refId: integer('ref_id').notNull(),
}, (t) => [primaryKey({ columns: [t.announcementId, t.kind, t.refId] })]);

export const announcementReads = pgTable('announcement_reads', {
  announcementId: integer('announcement_id').notNull().references(() => announcements.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.announcementId, t.userId] })]);

// ---------------------------------------------------------------- base data (warehousing)
/** Areas of a warehouse (route `storehouse`). */
export const storehouses = pgTable('storehouses', {
  id: serial('id').primaryKey(),
  warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
  code: varchar('code', { length: 32 }).notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('storehouses_code_idx').on(t.warehouseId, t.code)]);

export const storageLocations = pgTable('storage_locations', {
  id: serial('id').primaryKey(),
  warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
  storehouseId: integer('storehouse_id').notNull().references(() => storehouses.id),
  code: varchar('code', { length: 32 }).notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  /** Tyres the location holds. */
  capacity: integer('capacity').notNull().default(0),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('storage_locations_code_idx').on(t.warehouseId, t.code), index('storage_locations_area_idx').on(t.storehouseId)]);

/** Which brand/spec/pattern goes to which locations: suggests a location at receipt. */
export const locationRules = pgTable('location_rules', {
  id: serial('id').primaryKey(),
  warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
  name: varchar('name', { length: 64 }).notNull(),
  brandId: integer('brand_id').references(() => brands.id),
  specification: varchar('specification', { length: 64 }),
  pattern: varchar('pattern', { length: 64 }),
  priority: integer('priority').notNull().default(0),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
}, (t) => [index('location_rules_warehouse_idx').on(t.warehouseId)]);

export const locationRuleTargets = pgTable('location_rule_targets', {
  ruleId: integer('rule_id').notNull().references(() => locationRules.id, { onDelete: 'cascade' }),
  locationId: integer('location_id').notNull().references(() => storageLocations.id),
}, (t) => [primaryKey({ columns: [t.ruleId, t.locationId] })]);

/** Scenes (route `scenceConfig`): how an order type is scanned and posted. */
export const scenes = pgTable('scenes', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  orderType: varchar('order_type', { length: 8 }).notNull(),
  scanRequired: boolean('scan_required').notNull().default(true),
  postToErp: boolean('post_to_erp').notNull().default(false),
  remark: varchar('remark', { length: 256 }),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
});

/** A dealer's own material code mapped to the factory's material (relation and matching). */
export const materialRelations = pgTable('material_relations', {
  id: serial('id').primaryKey(),
  dealerId: integer('dealer_id').notNull().references(() => dealers.id),
  dealerMaterialCode: varchar('dealer_material_code', { length: 64 }).notNull(),
  dealerMaterialName: varchar('dealer_material_name', { length: 128 }).notNull(),
  materialId: integer('material_id').references(() => materials.id),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('material_relations_code_idx').on(t.dealerId, t.dealerMaterialCode)]);

/** Materials a dealer carries, with its own price and safety stock. */
export const dealerMaterials = pgTable('dealer_materials', {
  id: serial('id').primaryKey(),
  dealerId: integer('dealer_id').notNull().references(() => dealers.id),
  materialId: integer('material_id').notNull().references(() => materials.id),
  price: numeric('price', { precision: 12, scale: 2 }),
  safetyStock: integer('safety_stock').notNull().default(0),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('dealer_materials_idx').on(t.dealerId, t.materialId)]);

/** Handheld scanners: registered, activated or frozen, bound to a dealer and warehouse. */
export const pdaDevices = pgTable('pda_devices', {
  id: serial('id').primaryKey(),
  serialNo: varchar('serial_no', { length: 64 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  model: varchar('model', { length: 64 }),
  dealerId: integer('dealer_id').references(() => dealers.id),
  warehouseId: integer('warehouse_id').references(() => warehouses.id),
  /** 0 not activated, 1 activated, 2 frozen (dictionary pda_status) */
  status: varchar('status', { length: 4 }).notNull().default('0'),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const accountSets = pgTable('account_sets', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  dealerId: integer('dealer_id').references(() => dealers.id),
  erpCompanyCode: varchar('erp_company_code', { length: 32 }),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
});

export const batches = pgTable('batches', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  materialId: integer('material_id').references(() => materials.id),
  dealerId: integer('dealer_id').references(() => dealers.id),
  productionDate: varchar('production_date', { length: 10 }),
  remark: varchar('remark', { length: 256 }),
  createdAt: createdAt(),
});

/** Shelves (route `basePallet`). */
export const pallets = pgTable('pallets', {
  id: serial('id').primaryKey(),
  warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
  storageLocationId: integer('storage_location_id').references(() => storageLocations.id),
  code: varchar('code', { length: 32 }).notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  capacity: integer('capacity').notNull().default(0),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('pallets_code_idx').on(t.warehouseId, t.code)]);

export const mails = pgTable('mails', {
  id: serial('id').primaryKey(),
  senderId: integer('sender_id').notNull().references(() => users.id),
  subject: varchar('subject', { length: 128 }).notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

export const mailRecipients = pgTable('mail_recipients', {
  mailId: integer('mail_id').notNull().references(() => mails.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.mailId, t.userId] })]);

// ---------------------------------------------------------------- logistics configuration
export const vehicles = pgTable('vehicles', {
  id: serial('id').primaryKey(),
  plateNo: varchar('plate_no', { length: 16 }).notNull().unique(),
  vehicleType: varchar('vehicle_type', { length: 32 }).notNull(),
  capacityTons: numeric('capacity_tons', { precision: 8, scale: 2 }),
  driverName: varchar('driver_name', { length: 64 }),
  driverPhone: varchar('driver_phone', { length: 32 }),
  provider: varchar('provider', { length: 64 }),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
});

export const vehicleBlacklist = pgTable('vehicle_blacklist', {
  id: serial('id').primaryKey(),
  plateNo: varchar('plate_no', { length: 16 }).notNull().unique(),
  reason: varchar('reason', { length: 256 }).notNull(),
  blockedUntil: varchar('blocked_until', { length: 10 }),
  /** The vehicle's driver, barred too (from any vehicle), by phone. */
  driverPhone: varchar('driver_phone', { length: 32 }),
  createdAt: createdAt(),
}, (t) => [index('vehicle_blacklist_driver_idx').on(t.driverPhone)]);

// ---------------------------------------------------------------- /other: fee factors and providers (src/shared/pages/other.ts)
/** Labour companies and work types: the factor and fee per tyre of a delivery's handling. */
export const laborFactors = pgTable('labor_factors', {
  id: serial('id').primaryKey(),
  companyName: varchar('company_name', { length: 64 }).notNull(),
  workType: varchar('work_type', { length: 16 }).notNull(),
  unitFee: numeric('unit_fee', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  factor: numeric('factor', { precision: 8, scale: 3, mode: 'number' }).notNull(),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  remark: varchar('remark', { length: 256 }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('labor_factors_company_work_type').on(t.companyName, t.workType)]);

/** A warehouse's delivery fee coefficient. */
export const warehouseCoefficients = pgTable('warehouse_coefficients', {
  id: serial('id').primaryKey(),
  warehouseId: integer('warehouse_id').notNull().unique().references(() => warehouses.id),
  coefficient: numeric('coefficient', { precision: 8, scale: 3, mode: 'number' }).notNull(),
  remark: varchar('remark', { length: 256 }),
  createdAt: createdAt(),
});

/** Logistics providers (carriers). */
export const logisticsProviders = pgTable('logistics_providers', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  contact: varchar('contact', { length: 64 }),
  phone: varchar('phone', { length: 32 }),
  address: varchar('address', { length: 256 }),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
});

export const transitPoints = pgTable('transit_points', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  address: varchar('address', { length: 256 }),
  contact: varchar('contact', { length: 64 }),
  phone: varchar('phone', { length: 32 }),
  createdAt: createdAt(),
});

export const logisticsRoutes = pgTable('logistics_routes', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  fromPointId: integer('from_point_id').notNull().references(() => transitPoints.id),
  toPointId: integer('to_point_id').notNull().references(() => transitPoints.id),
  distanceKm: integer('distance_km'),
  hours: numeric('hours', { precision: 6, scale: 1 }),
  createdAt: createdAt(),
});

export const driverRoutes = pgTable('driver_routes', {
  id: serial('id').primaryKey(),
  driverName: varchar('driver_name', { length: 64 }).notNull(),
  driverPhone: varchar('driver_phone', { length: 32 }),
  vehicleId: integer('vehicle_id').references(() => vehicles.id),
  routeId: integer('route_id').notNull().references(() => logisticsRoutes.id),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- orders and stock (docs/stock-model.md)
/** A warehouse order of any type (shared/orders/orderTypes.ts): header. */
export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  orderNo: varchar('order_no', { length: 32 }).notNull().unique(),
  orderType: varchar('order_type', { length: 4 }).notNull(),
  /** Dictionary order_status: 0 created, 1 scanning, 2 completed, 3 cancelled. */
  status: varchar('status', { length: 2 }).notNull().default('0'),
  uploadStatus: varchar('upload_status', { length: 2 }).notNull().default('0'),
  printStatus: varchar('print_status', { length: 2 }).notNull().default('0'),
  dealerId: integer('dealer_id').references(() => dealers.id),
  warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
  targetWarehouseId: integer('target_warehouse_id').references(() => warehouses.id),
  counterparty: varchar('counterparty', { length: 128 }),
  externalNo: varchar('external_no', { length: 64 }),
  remark: varchar('remark', { length: 256 }),
  /** Dictionary source: WEB, PDA, ERP, IMPORT. */
  source: varchar('source', { length: 8 }).notNull().default('WEB'),
  /** A loss/overflow order made by completing this stocktake. */
  stocktakeId: integer('stocktake_id'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  completedBy: integer('completed_by').references(() => users.id),
}, (t) => [
  index('orders_type_idx').on(t.orderType, t.createdAt),
  index('orders_dealer_idx').on(t.dealerId, t.createdAt),
  index('orders_warehouse_idx').on(t.warehouseId),
  index('orders_stocktake_idx').on(t.stocktakeId),
]);

export const orderLines = pgTable('order_lines', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  materialId: integer('material_id').notNull().references(() => materials.id),
  plannedQty: integer('planned_qty').notNull(),
  scannedQty: integer('scanned_qty').notNull().default(0),
  /** Loss/overflow orders: loss or overflow. */
  adjustKind: varchar('adjust_kind', { length: 8 }),
}, (t) => [index('order_lines_order_idx').on(t.orderId)]);

/** Barcodes scanned onto an open order; completing the order turns them into stock moves. */
export const orderScans = pgTable('order_scans', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  lineId: integer('line_id').references(() => orderLines.id, { onDelete: 'cascade' }),
  barcode: varchar('barcode', { length: 40 }).notNull(),
  materialId: integer('material_id').notNull().references(() => materials.id),
  locationId: integer('location_id').references(() => storageLocations.id),
  adjustKind: varchar('adjust_kind', { length: 8 }),
  /**
   * A completed stocktake's counted tyre: the storage location (0: none) its last move before the
   * completion put it, frozen at completion (modules/orders/stocktakeBook.ts); null otherwise, and
   * for stocktakes completed more than 92 days before migration 0038, whose book reads the moves.
   */
  bookLocationId: integer('book_location_id'),
  /** WEB (the console, a handheld acting as keyboard) or PDA (batch upload). */
  source: varchar('source', { length: 8 }).notNull().default('WEB'),
  userId: integer('user_id').references(() => users.id),
  scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('order_scans_barcode_idx').on(t.orderId, t.barcode), index('order_scans_code_idx').on(t.barcode), index('order_scans_time_idx').on(t.scannedAt)]);

/**
 * Delivery notes the maker's ERP sent (POST /integration/deliveryNote, docs/integrations.md), one
 * per document number: the receipt each became, the note's hash (the same note again answers the
 * stored answer; a changed one replaces the receipt until it is scanned, then is refused), and the
 * serials it registered (what a replacement takes back).
 */
export const inboundNotes = pgTable('inbound_notes', {
  id: serial('id').primaryKey(),
  documentNo: varchar('document_no', { length: 64 }).notNull(),
  /** The caller's Idempotency-Key header, when it sent one. */
  idempotencyKey: varchar('idempotency_key', { length: 128 }),
  /** SHA-256 of the note as parsed: the same note, whatever its spacing or letter case. */
  bodyHash: varchar('body_hash', { length: 64 }).notNull(),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  /** What the call answered, answered again to a resend. */
  answer: jsonb('answer').notNull(),
  barcodes: text('barcodes').array().notNull(),
  userId: integer('user_id').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('inbound_notes_document_idx').on(t.documentNo), uniqueIndex('inbound_notes_key_idx').on(t.idempotencyKey)]);

/** PDA uploads already taken, so a retried upload answers the first result and adds nothing. */
export const pdaUploads = pgTable('pda_uploads', {
  uploadId: varchar('upload_id', { length: 64 }).primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id),
  accepted: integer('accepted').notNull(),
  createdAt: createdAt(),
});

/**
 * Scans and unscans a device made offline and sent later (docs/offline-floor.md): one row per
 * device-made id, written in the transaction of the scan it judged, so a batch sent again
 * answers the first verdicts and changes nothing.
 */
export const offlineScans = pgTable('offline_scans', {
  deviceId: varchar('device_id', { length: 36 }).primaryKey(),
  /** No reference: an item naming an order that does not exist, or one outside the caller's scope, is recorded refused too. */
  orderId: integer('order_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  op: varchar('op', { length: 8 }).notNull(),
  barcode: varchar('barcode', { length: 40 }).notNull(),
  /** added, removed (taken) or refused. */
  verdict: varchar('verdict', { length: 8 }).$type<'added' | 'removed' | 'refused'>().notNull(),
  /** A refusal's message key and its parameters (with the field it names), said again in the caller's language on a resend. */
  reason: varchar('reason', { length: 48 }).$type<MessageKey>(),
  params: jsonb('params').$type<Record<string, string | number>>(),
  scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('offline_scans_order_idx').on(t.orderId)]);

/** One row per tyre: where it is now. */
export const barcodes = pgTable('barcodes', {
  code: varchar('code', { length: 40 }).primaryKey(),
  materialId: integer('material_id').notNull().references(() => materials.id),
  /** WWYY production week (DOT date code). */
  dotCode: varchar('dot_code', { length: 4 }),
  batchCode: varchar('batch_code', { length: 32 }),
  /** Dictionary barcode_status: pending (shipped, not yet received), in, out. */
  status: varchar('status', { length: 8 }).notNull(),
  dealerId: integer('dealer_id').references(() => dealers.id),
  warehouseId: integer('warehouse_id').references(() => warehouses.id),
  locationId: integer('location_id').references(() => storageLocations.id),
  /** When it last came into stock (stock age counts from here). */
  inboundAt: timestamp('inbound_at', { withTimezone: true }),
  lastOrderId: integer('last_order_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('barcodes_place_idx').on(t.warehouseId, t.status, t.materialId),
  index('barcodes_dealer_idx').on(t.dealerId, t.status),
  index('barcodes_age_idx').on(t.status, t.inboundAt),
  // The tyres in stock with what the stock-age reports and an open stocktake's book read of them,
  // answered from the index alone (a tenth of the barcodes: every barcode ever registered stays).
  // Warehouse first, so a dealer's or a stocktake's warehouse is a range of it.
  index('barcodes_in_stock_idx').on(t.warehouseId, t.materialId, t.locationId, t.inboundAt, t.createdAt, t.dealerId).where(sql`status = 'in'`),
]);

/** The ledger: append-only, one row per barcode movement, with its order. qty is +1 in, -1 out. */
export const stockMoves = pgTable('stock_moves', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  barcode: varchar('barcode', { length: 40 }).notNull(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  orderType: varchar('order_type', { length: 4 }).notNull(),
  qty: integer('qty').notNull(),
  dealerId: integer('dealer_id'),
  warehouseId: integer('warehouse_id').notNull(),
  locationId: integer('location_id'),
  materialId: integer('material_id').notNull(),
  dotCode: varchar('dot_code', { length: 4 }),
  userId: integer('user_id'),
  movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  /** A correcting move names the wrong move it reverses (barcode trace cancellation). */
  reversesId: bigint('reverses_id', { mode: 'number' }),
}, (t) => [
  index('stock_moves_barcode_idx').on(t.barcode, t.id),
  index('stock_moves_time_idx').on(t.movedAt),
  index('stock_moves_dealer_idx').on(t.dealerId, t.movedAt),
  index('stock_moves_order_idx').on(t.orderId),
  // Covers the dashboards' window reads (rankings by order type, inbound hours) without heap visits.
  index('stock_moves_flow_idx').on(t.movedAt, t.orderType, t.qty, t.dealerId, t.warehouseId),
  // Corrections only (few): "was this move cancelled?" is a probe, not a pass over the ledger.
  index('stock_moves_reverses_idx').on(t.reversesId).where(sql`${t.reversesId} is not null`),
]);

/** On-hand quantity per place, material and DOT; location 0 means "no location". */
export const stockOnHand = pgTable('stock_on_hand', {
  dealerId: integer('dealer_id').notNull().default(0),
  warehouseId: integer('warehouse_id').notNull(),
  locationId: integer('location_id').notNull().default(0),
  materialId: integer('material_id').notNull(),
  dotCode: varchar('dot_code', { length: 4 }).notNull().default(''),
  qty: integer('qty').notNull(),
}, (t) => [
  primaryKey({ columns: [t.warehouseId, t.locationId, t.materialId, t.dotCode, t.dealerId] }),
  index('stock_on_hand_dealer_idx').on(t.dealerId, t.materialId),
  // The stock-alert panel sums a dealer's material from the index alone (one probe per safety-stock line).
  index('stock_on_hand_dealer_qty_idx').on(t.dealerId, t.materialId, t.qty),
]);

/**
 * Tyres on hand over the whole channel by brand, the dealer's region (0: a warehouse without a
 * dealer, or a dealer without a region), DOT code ('' none) and whether they sit on a storage
 * location: the sums of stock_on_hand, kept by its triggers in the writing statement's transaction
 * (migration 0026, docs/stock-model.md). The unrestricted dashboards' on-hand panels read these
 * (a row per key, however large the channel) instead of every stock_on_hand row.
 */
export const stockChannelOnHand = pgTable('stock_channel_on_hand', {
  brandId: integer('brand_id').notNull(),
  regionId: integer('region_id').notNull(),
  dotCode: varchar('dot_code', { length: 4 }).notNull(),
  located: boolean('located').notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.brandId, t.regionId, t.dotCode, t.located] })]);

/** Tyres on hand per warehouse (the sums of stock_on_hand, kept by the same triggers); the index answers "the warehouses holding the most". */
export const stockWarehouseOnHand = pgTable('stock_warehouse_on_hand', {
  warehouseId: integer('warehouse_id').primaryKey(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
}, (t) => [index('stock_warehouse_on_hand_qty_idx').on(t.qty.desc(), t.warehouseId)]);

/**
 * Tyres on hand over the whole channel per material and DOT code ('' none): the sums of
 * stock_on_hand, kept by the same triggers (migration 0031, docs/stock-model.md). The DOT reports
 * of an unrestricted caller read these (250,000 rows at ten million tyres, against 1.1 million on
 * hand, and no aggregate) instead of every stock_on_hand row.
 */
export const stockMaterialOnHand = pgTable('stock_material_on_hand', {
  materialId: integer('material_id').notNull(),
  dotCode: varchar('dot_code', { length: 4 }).notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.materialId, t.dotCode] })]);

/**
 * Tyres on hand per warehouse and material: the sums of stock_on_hand, kept by the same triggers
 * (migration 0034, docs/stock-model.md). A row stays at 0 when its stock is gone. The stock monitor
 * pages these by quantity on their index, and the reports of stock as of a day start from them,
 * rather than summing every location and DOT code of on hand.
 */
export const stockWarehouseMaterialOnHand = pgTable('stock_warehouse_material_on_hand', {
  warehouseId: integer('warehouse_id').notNull(),
  materialId: integer('material_id').notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.warehouseId, t.materialId] }),
  index('stock_warehouse_material_on_hand_qty_idx').on(t.qty.desc(), t.warehouseId, t.materialId),
]);

/**
 * Tyres on hand per storage location (only located stock: location 0, none, has no row): the sums
 * of stock_on_hand, kept by the same triggers (migration 0034, docs/stock-model.md). A row stays at
 * 0 when its stock is gone. The storage-location monitor reads these, a row per location, rather
 * than summing on hand's materials and DOT codes of every location.
 */
export const stockLocationOnHand = pgTable('stock_location_on_hand', {
  locationId: integer('location_id').primaryKey(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
});

/**
 * Tyres on hand per warehouse, storage location (0: none) and material: the sums of stock_on_hand
 * over its DOT codes and dealers, kept by the same triggers (migration 0037, docs/stock-model.md).
 * A row stays at 0 when its stock is gone. The location inventory of an unrestricted caller pages
 * these on the quantity index (the most first) rather than summing every on-hand row.
 */
export const stockLocationMaterialOnHand = pgTable('stock_location_material_on_hand', {
  warehouseId: integer('warehouse_id').notNull(),
  locationId: integer('location_id').notNull(),
  materialId: integer('material_id').notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.warehouseId, t.locationId, t.materialId] }),
  index('stock_location_material_on_hand_qty_idx').on(t.qty.desc(), t.warehouseId, t.locationId, t.materialId),
]);

/**
 * Barcodes per material and status (pending, in, out): the counts of barcodes, kept by triggers
 * on barcodes (migration 0032, docs/stock-model.md). The barcode count report of an unrestricted
 * caller reads these (a few rows per material) instead of every barcode ever registered.
 */
export const stockMaterialBarcodes = pgTable('stock_material_barcodes', {
  materialId: integer('material_id').notNull(),
  status: varchar('status', { length: 8 }).notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.materialId, t.status] })]);

/**
 * Tyres in stock by the UTC day their stock age started (the inbound time, else the barcode's
 * creation; shared analytics/ageGroups.ts stockAgeStart) and a slot (warehouse id mod 16, so the
 * receipts of one day in different warehouses seldom wait for one row): the counts of barcodes in
 * stock, kept by triggers on barcodes (migration 0028, docs/stock-model.md). The unrestricted
 * stock-age panel reads these, and the barcodes of the days its bucket edges cut.
 */
export const stockAgeDays = pgTable('stock_age_days', {
  day: date('day', { mode: 'string' }).notNull(),
  slot: integer('slot').notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.day, t.slot] })]);

/**
 * Daily roll-up per dealer, warehouse and material: opening, in, out, closing (every move, so
 * opening + in − out = closing), and the part of in and out that is channel flow (shared
 * analytics/domain.ts `channelFlow`): what DOS, turnover and the flow charts count.
 */
export const stockDaily = pgTable('stock_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  dealerId: integer('dealer_id').notNull().default(0),
  warehouseId: integer('warehouse_id').notNull(),
  materialId: integer('material_id').notNull(),
  opening: integer('opening').notNull(),
  inQty: integer('in_qty').notNull().default(0),
  outQty: integer('out_qty').notNull().default(0),
  /** Tyres that left the channel through a ship-effect order (part of out_qty). */
  shipQty: integer('ship_qty').notNull().default(0),
  /** Tyres that entered the channel through a receive- or return-effect order (part of in_qty). */
  receiveQty: integer('receive_qty').notNull().default(0),
  closing: integer('closing').notNull(),
}, (t) => [
  primaryKey({ columns: [t.warehouseId, t.materialId, t.day] }),
  index('stock_daily_day_idx').on(t.day, t.dealerId),
  // Covers the dashboards' day-window sums (balances read in and out; DOS, turnover and flows
  // read ship and receive) and the balance reports' per-period counts (opening, closing) without heap visits.
  index('stock_daily_flow_idx').on(t.day, t.dealerId, t.warehouseId, t.materialId, t.inQty, t.outQty, t.shipQty, t.receiveQty, t.opening, t.closing),
]);

/**
 * The daily roll-up per warehouse: the sums of its `stock_daily` rows of the day (in, out, ship,
 * receive) and the warehouse's opening and closing (opening + in − out = closing; a day opens at
 * the warehouse's latest earlier closing). Kept in the posting transaction beside stock_daily
 * (ledger.ts), so the dashboards' stock figures read a row per warehouse and day, and on hand now
 * is each warehouse's latest closing (docs/stock-model.md).
 */
export const stockWarehouseDaily = pgTable('stock_warehouse_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  dealerId: integer('dealer_id').notNull().default(0),
  warehouseId: integer('warehouse_id').notNull(),
  opening: integer('opening').notNull(),
  inQty: integer('in_qty').notNull().default(0),
  outQty: integer('out_qty').notNull().default(0),
  shipQty: integer('ship_qty').notNull().default(0),
  receiveQty: integer('receive_qty').notNull().default(0),
  closing: integer('closing').notNull(),
}, (t) => [
  // Also "the latest day of a warehouse": one probe backwards per warehouse.
  primaryKey({ columns: [t.warehouseId, t.day] }),
  // Covers the dashboards' day-window sums without heap visits.
  index('stock_warehouse_daily_flow_idx').on(t.day, t.dealerId, t.warehouseId, t.inQty, t.outQty, t.shipQty, t.receiveQty),
]);

/**
 * The whole channel's stock per closed day, rolled up once from stock_warehouse_daily by the
 * roll-up job (modules/stock/channelRollup.ts) an hour after the day ends: in, out, ship,
 * receive and the closing over every warehouse. A row marks its day rolled (zeros too). The
 * unrestricted dashboards read these and the warehouse rows of the days after the last one rolled.
 */
export const stockChannelDaily = pgTable('stock_channel_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  inQty: bigint('in_qty', { mode: 'number' }).notNull(),
  outQty: bigint('out_qty', { mode: 'number' }).notNull(),
  shipQty: bigint('ship_qty', { mode: 'number' }).notNull(),
  receiveQty: bigint('receive_qty', { mode: 'number' }).notNull(),
  closing: bigint('closing', { mode: 'number' }).notNull(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * How many of the roll-ups that came after the day's own (modules/stock/channelRollup.ts
   * DAY_EXTRAS, in order: material days; customer days and inbound orders; dealer orders and
   * materials) the day holds. A
   * day rolls with all of them; the days rolled before one came are filled in by the job, a day at a time.
   */
  extrasRolled: smallint('extras_rolled').notNull().default(0),
});

/** Channel inbound moves (domain.ts `channelFlow`) per closed day and local hour, rolled with the day's stock_channel_daily row. */
export const stockChannelInboundHours = pgTable('stock_channel_inbound_hours', {
  day: date('day', { mode: 'string' }).notNull(),
  hour: integer('hour').notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.day, t.hour] })]);

/**
 * The net moves per closed day, dealer and order type of the order types a dealer ranking counts
 * (shared analytics/domain.ts RANKED_ORDER_TYPES), rolled with the day's stock_channel_daily row
 * from the ledger. The unrestricted rankings read these for the days rolled and the ledger after.
 */
export const stockChannelDealerDays = pgTable('stock_channel_dealer_days', {
  orderType: varchar('order_type', { length: 4 }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  dealerId: integer('dealer_id').notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
  /**
   * The orders completed that day (moves not reversing another; see stockChannelCustomerDays on
   * why they add up across days). Filled in with the day's third later roll-up (DAY_EXTRAS): 0
   * on a day whose `extras_rolled` is under 3.
   */
  orders: integer('orders').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.orderType, t.day, t.dealerId] }),
  // The dealer rankings' window read from the index alone: 350,000 rows for a month of sales at ten
  // million tyres, whose heap pages took a third of the ranking's time.
  index('stock_channel_dealer_days_window_idx').on(t.orderType, t.day, t.dealerId, t.qty, t.orders),
]);

/**
 * The materials each dealer's moves of a ranked order type carried per closed day (corrections
 * too), rolled with the day's third later roll-up: the dealer rankings report counts a dealer's
 * distinct materials over its range from these.
 */
export const stockChannelDealerMaterials = pgTable('stock_channel_dealer_materials', {
  orderType: varchar('order_type', { length: 4 }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  dealerId: integer('dealer_id').notNull(),
  materialId: integer('material_id').notNull(),
}, (t) => [primaryKey({ columns: [t.orderType, t.day, t.dealerId, t.materialId] })]);

/**
 * The net moves per closed day, material and order type over the whole channel, rolled from the
 * ledger with the day (the first of its later roll-ups: stock_channel_daily.extras_rolled). The tyre report of an
 * unrestricted caller reads these for the days rolled and the ledger after, rather than every move
 * of its range (two million a month at ten million tyres).
 */
export const stockChannelMaterialDays = pgTable('stock_channel_material_days', {
  orderType: varchar('order_type', { length: 4 }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  materialId: integer('material_id').notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.orderType, t.day, t.materialId] })]);

/**
 * Sales (WL, WC) per closed day, customer (the order's counterparty, '' none) and material over
 * the whole channel, rolled from the ledger with the day: `qty` the net of the moves, `orders` the
 * orders completed that day (moves not reversing another). An order's moves but its corrections
 * are posted at one moment, at its completion, so orders add up across days; a correction counts
 * its order where the day of the move it reverses is outside the range (reports/inventoryFlows.ts).
 */
export const stockChannelCustomerDays = pgTable('stock_channel_customer_days', {
  day: date('day', { mode: 'string' }).notNull(),
  customer: varchar('customer', { length: 128 }).notNull(),
  materialId: integer('material_id').notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
  orders: integer('orders').notNull(),
}, (t) => [primaryKey({ columns: [t.day, t.customer, t.materialId] })]);

/**
 * Stock and channel outbound per dealer and material over the trailing window of DOS_WINDOW_DAYS
 * days that ends on `stock_channel_trailing_end.day` (a closed day), kept by the roll-up job from
 * `stock_daily` (modules/stock/trailingWindow.ts, docs/stock-model.md "The trailing window"):
 * `closing` on hand at the end of that day, `ship` the channel outbound, `net` the net moves and
 * `day_net` the net moves times their day's number (days since 2000-01-01), from which the
 * turnover's day-weighted stock of any end day follows. DOS and turnover of an unrestricted
 * caller with no dealer, region or warehouse filter, over the window ending today, read these and
 * the daily rows of the few days between the window's end and today. A warehouse given to another
 * dealer deletes the end row (migration 0036): the next roll builds the window afresh.
 */
export const stockChannelTrailing = pgTable('stock_channel_trailing', {
  dealerId: integer('dealer_id').notNull(),
  materialId: integer('material_id').notNull(),
  closing: bigint('closing', { mode: 'number' }).notNull(),
  ship: bigint('ship', { mode: 'number' }).notNull(),
  net: bigint('net', { mode: 'number' }).notNull(),
  dayNet: bigint('day_net', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.dealerId, t.materialId] })]);

/** The last day of the window `stock_channel_trailing` holds: one row (id 1), none before the first roll. */
export const stockChannelTrailingEnd = pgTable('stock_channel_trailing_end', {
  id: smallint('id').primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The materials each dealer moved per ranking (`receipts`, `sales`: shared analytics/domain.ts
 * DEALER_RANKING_TYPES) over the 30 days ending on `stock_channel_trailing_pairs_end.day`: `days`,
 * the days of the window on which the dealer's moves of the ranking's types carried the material
 * (from stock_channel_dealer_materials), kept by the roll-up job (modules/stock/trailingPairs.ts).
 * The dealer rankings over the window ending today count a dealer's materials from these.
 */
export const stockChannelTrailingPairs = pgTable('stock_channel_trailing_pairs', {
  ranking: varchar('ranking', { length: 8 }).notNull(),
  dealerId: integer('dealer_id').notNull(),
  materialId: integer('material_id').notNull(),
  days: integer('days').notNull(),
}, (t) => [primaryKey({ columns: [t.ranking, t.dealerId, t.materialId] })]);

/** The last day of the window `stock_channel_trailing_pairs` holds: one row (id 1), none before the first roll. */
export const stockChannelTrailingPairsEnd = pgTable('stock_channel_trailing_pairs_end', {
  id: smallint('id').primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The orders with channel inbound moves completed per closed day (see stockChannelCustomerDays on why they add up), rolled with the day. */
export const stockChannelInboundDays = pgTable('stock_channel_inbound_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull(),
});

/**
 * The balance reports' figures of a closed week or month per warehouse, rolled up once from
 * `stock_daily` (jobs/periodRollup.ts) so that a summary of many periods reads a row per
 * warehouse and period rather than every daily row. Per warehouse, over its keys (warehouse,
 * material) with daily rows in the period: `groups` such keys, how many of them opened and
 * closed the period with stock (`keys_moved`: closed with − opened with), and their in and out.
 * Only days past ever roll up and postings only write today, so a rolled period never changes;
 * a migration that rewrites past daily rows must empty these two tables.
 */
export const stockPeriodTotals = pgTable('stock_period_totals', {
  unit: varchar('unit', { length: 8 }).notNull(),
  periodStart: date('period_start', { mode: 'string' }).notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  groups: integer('groups').notNull(),
  openWithStock: integer('open_with_stock').notNull(),
  keysMoved: integer('keys_moved').notNull(),
  inQty: bigint('in_qty', { mode: 'number' }).notNull(),
  outQty: bigint('out_qty', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.unit, t.periodStart, t.warehouseId] })]);

/** The periods rolled up into `stock_period_totals` (a period with no daily rows has no totals but is rolled all the same). */
export const stockPeriodsRolled = pgTable('stock_periods_rolled', {
  unit: varchar('unit', { length: 8 }).notNull(),
  periodStart: date('period_start', { mode: 'string' }).notNull(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.unit, t.periodStart] })]);

/** New-delivery messages for a dealer (`infDeliveryOrderNotice`, docs/product.md#entities). */
export const deliveryNotices = pgTable('delivery_notices', {
  id: serial('id').primaryKey(),
  dealerId: integer('dealer_id').notNull().references(() => dealers.id),
  orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  orderType: varchar('order_type', { length: 4 }).notNull(),
  noticeTitle: varchar('notice_title', { length: 256 }).notNull(),
  /** [{ brand, specification, pattern, batch, quantity }] */
  items: jsonb('items').$type<NoticeItem[]>().notNull(),
  createdAt: createdAt(),
}, (t) => [index('delivery_notices_dealer_idx').on(t.dealerId, t.id)]);

export const deliveryNoticeReads = pgTable('delivery_notice_reads', {
  noticeId: integer('notice_id').notNull().references(() => deliveryNotices.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.noticeId, t.userId] })]);

/** Every PDA upload attempt, taken or refused (the monitoring strip and upload monitor read it). */
export const uploadLogs = pgTable('upload_logs', {
  id: serial('id').primaryKey(),
  uploadId: varchar('upload_id', { length: 64 }).notNull(),
  orderId: integer('order_id'),
  dealerId: integer('dealer_id'),
  userId: integer('user_id'),
  accepted: integer('accepted').notNull().default(0),
  refused: integer('refused').notNull().default(0),
  ok: boolean('ok').notNull(),
  message: varchar('message', { length: 512 }),
  createdAt: createdAt(),
}, (t) => [
  index('upload_logs_time_idx').on(t.createdAt),
  // A dealer's uploads for the upload monitor: through its orders, or its own without an order.
  index('upload_logs_order_idx').on(t.orderId),
  index('upload_logs_dealer_idx').on(t.dealerId, t.createdAt),
]);

/** Delivery fees uploaded per delivery order (route `psfByDelivery`). */
export const deliveryFees = pgTable('delivery_fees', {
  id: serial('id').primaryKey(),
  orderNo: varchar('order_no', { length: 32 }).notNull(),
  dealerId: integer('dealer_id').references(() => dealers.id),
  carrier: varchar('carrier', { length: 64 }).notNull(),
  fee: numeric('fee', { precision: 12, scale: 2 }).notNull(),
  deliveredOn: date('delivered_on', { mode: 'string' }).notNull(),
  remark: varchar('remark', { length: 256 }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('delivery_fees_order_idx').on(t.orderNo), index('delivery_fees_dealer_idx').on(t.dealerId, t.deliveredOn)]);

// ---------------------------------------------------------------- stock alerts (monitoringManage › stroealert)
/**
 * Minimum and maximum stock of a material in a warehouse. The most specific row applies: a
 * warehouse's, else its dealer's (each of the dealer's warehouses), else the brand's default.
 */
export const stockThresholds = pgTable('stock_thresholds', {
  id: serial('id').primaryKey(),
  dealerId: integer('dealer_id').references(() => dealers.id),
  warehouseId: integer('warehouse_id').references(() => warehouses.id),
  materialId: integer('material_id').references(() => materials.id),
  brandId: integer('brand_id').references(() => brands.id),
  minQty: integer('min_qty'),
  maxQty: integer('max_qty'),
  remark: varchar('remark', { length: 256 }),
  createdAt: createdAt(),
}, (t) => [
  index('stock_thresholds_warehouse_idx').on(t.warehouseId, t.materialId),
  index('stock_thresholds_dealer_idx').on(t.dealerId, t.materialId),
  index('stock_thresholds_brand_idx').on(t.brandId),
]);

/**
 * A material's stock in a warehouse outside its thresholds: raised in the transaction of the
 * posting that crossed one (or by the sweep), cleared when stock returns; at most one open
 * alert per warehouse and material.
 */
export const stockAlerts = pgTable('stock_alerts', {
  id: serial('id').primaryKey(),
  dealerId: integer('dealer_id'),
  warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
  materialId: integer('material_id').notNull().references(() => materials.id),
  /** low: below the minimum; high: above the maximum. */
  kind: varchar('kind', { length: 8 }).$type<StockAlertPush['kind']>().notNull(),
  threshold: integer('threshold').notNull(),
  qty: integer('qty').notNull(),
  raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
  clearedAt: timestamp('cleared_at', { withTimezone: true }),
  clearedQty: integer('cleared_qty'),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  acknowledgedBy: varchar('acknowledged_by', { length: 64 }),
}, (t) => [
  uniqueIndex('stock_alerts_open_idx').on(t.warehouseId, t.materialId).where(sql`cleared_at is null`),
  index('stock_alerts_raised_idx').on(t.raisedAt),
  index('stock_alerts_dealer_idx').on(t.dealerId, t.raisedAt),
]);

/** Results of the ledger invariant check (stock/invariant.ts), run on a schedule and on demand; the inventory monitor shows the last. */
export const invariantChecks = pgTable('invariant_checks', {
  id: serial('id').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  ok: boolean('ok').notNull(),
  /** The disagreements found, a JSON array of text. */
  problems: text('problems').notNull().default('[]'),
  durationMs: integer('duration_ms').notNull(),
  /** schedule or the user name who asked. */
  trigger: varchar('trigger', { length: 64 }).notNull(),
}, (t) => [index('invariant_checks_ran_idx').on(t.ranAt)]);

// ---------------------------------------------------------------- logistics dispatch (ordermanage › logistics)
/**
 * A car request and, once a dispatcher assigns one, its trip: vehicle, driver, route, stops and
 * fee. Statuses and moves: src/shared/logistics/dispatch.ts. The orders and destinations are id
 * lists (outbound orders of the origin warehouse; transit points in the order they are reached).
 */
export const carRequests = pgTable('car_requests', {
  id: serial('id').primaryKey(),
  requestNo: varchar('request_no', { length: 32 }).notNull().unique(),
  dealerId: integer('dealer_id').references(() => dealers.id),
  warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
  orderIds: integer('order_ids').array().notNull().default(sql`'{}'::integer[]`),
  destinationIds: integer('destination_ids').array().notNull().default(sql`'{}'::integer[]`),
  needDate: date('need_date', { mode: 'string' }).notNull(),
  tyres: integer('tyres').notNull(),
  weightTons: numeric('weight_tons', { precision: 10, scale: 2, mode: 'number' }),
  volumeM3: numeric('volume_m3', { precision: 10, scale: 2, mode: 'number' }),
  status: varchar('status', { length: 16 }).$type<CarRequestStatus>().notNull().default('requested'),
  remark: varchar('remark', { length: 256 }),
  vehicleId: integer('vehicle_id').references(() => vehicles.id),
  driverName: varchar('driver_name', { length: 64 }),
  driverPhone: varchar('driver_phone', { length: 32 }),
  routeId: integer('route_id').references(() => logisticsRoutes.id),
  laborCompany: varchar('labor_company', { length: 64 }),
  plannedStart: timestamp('planned_start', { withTimezone: true }),
  distanceKm: integer('distance_km'),
  assignedAt: timestamp('assigned_at', { withTimezone: true }),
  departedAt: timestamp('departed_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  /** Worked out at assignment, again at close (then final); feeDetail is its breakdown as JSON. */
  fee: numeric('fee', { precision: 12, scale: 2, mode: 'number' }),
  feeDetail: text('fee_detail'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [
  // One vehicle, one trip at a time: the database refuses a second, whatever races.
  uniqueIndex('car_requests_vehicle_busy_idx').on(t.vehicleId).where(sql`status in ('assigned', 'loading', 'onTheWay')`),
  index('car_requests_dealer_idx').on(t.dealerId, t.createdAt),
  index('car_requests_status_idx').on(t.status),
  index('car_requests_driver_idx').on(t.driverName, t.deliveredAt),
]);

/** The stops of a trip, made at assignment from its destinations: planned arrival, and the reported one. */
export const carRequestStops = pgTable('car_request_stops', {
  id: serial('id').primaryKey(),
  requestId: integer('request_id').notNull().references(() => carRequests.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  pointId: integer('point_id').notNull().references(() => transitPoints.id),
  plannedAt: timestamp('planned_at', { withTimezone: true }).notNull(),
  arrivedAt: timestamp('arrived_at', { withTimezone: true }),
  /** console (a dispatcher) or tms (the transport system's stop report). */
  source: varchar('source', { length: 8 }),
  reportedBy: varchar('reported_by', { length: 64 }),
}, (t) => [uniqueIndex('car_request_stops_seq_idx').on(t.requestId, t.seq)]);

/** Every change of a car request: who moved it from what to what, when. */
export const carRequestEvents = pgTable('car_request_events', {
  id: serial('id').primaryKey(),
  requestId: integer('request_id').notNull().references(() => carRequests.id, { onDelete: 'cascade' }),
  action: varchar('action', { length: 16 }).notNull(),
  fromStatus: varchar('from_status', { length: 16 }),
  toStatus: varchar('to_status', { length: 16 }).notNull(),
  note: varchar('note', { length: 256 }),
  userName: varchar('user_name', { length: 64 }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('car_request_events_request_idx').on(t.requestId, t.at)]);

/**
 * Exchanges with outside systems (the upload monitor's ERP and TMS rows): each TMS stop report
 * taken or refused, each order recorded as uploaded to the ERP. A refused report keeps its body,
 * so a user may retry it once the trip allows (monitoringManage › uploadMonitor).
 */
export const exchangeLogs = pgTable('exchange_logs', {
  id: serial('id').primaryKey(),
  /** TMS or ERP. */
  system: varchar('system', { length: 8 }).notNull(),
  /** stopReport (in, from the TMS) or orderUpload (out, to the ERP). */
  kind: varchar('kind', { length: 16 }).notNull(),
  dealerId: integer('dealer_id'),
  warehouseId: integer('warehouse_id'),
  /** The request or order number it concerns. */
  ref: varchar('ref', { length: 64 }),
  ok: boolean('ok').notNull(),
  message: varchar('message', { length: 512 }),
  /** The body as received, JSON, for a retry. */
  payload: text('payload'),
  userName: varchar('user_name', { length: 64 }),
  retriedAt: timestamp('retried_at', { withTimezone: true }),
  retriedBy: varchar('retried_by', { length: 64 }),
  createdAt: createdAt(),
}, (t) => [index('exchange_logs_time_idx').on(t.createdAt), index('exchange_logs_dealer_idx').on(t.dealerId, t.createdAt)]);

// ---------------------------------------------------------------- several nodes
/**
 * Each scheduled job's last claim: a node runs a job only when its UPDATE moves `last_run_at`
 * forward from a value older than the job's interval, so with any number of nodes a job runs
 * once per interval, and once (not once per missed interval) after downtime.
 */
export const jobRuns = pgTable('job_runs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  /** The node that claimed the last run (host:port:pid). */
  lastNode: varchar('last_node', { length: 128 }).notNull(),
  runs: integer('runs').notNull().default(0),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  ok: boolean('ok'),
});

/**
 * Versions every node answers alike: `dict` is bumped by a trigger on the dictionary tables in
 * the writing statement's own transaction (migration 0015), and rides on every answer as
 * `x-dict-version`.
 */
export const appVersions = pgTable('app_versions', {
  name: varchar('name', { length: 32 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

// ---------------------------------------------------------------- what leaves the server
/**
 * Every message that leaves the server (mail, webhooks), written in the transaction of what
 * caused it and sent afterwards by the outbox dispatcher (src/server/outbox/, docs/outbox.md).
 * A row is one delivery: `pending` until a node claims it (a lease, so two nodes never send the
 * same row) and sends it, `sent` once delivered, `failed` after the last attempt (the upload
 * monitor lists it with a retry). The payload names what to send (ids); the content is built at
 * send time, as its receiver may see it then.
 */
export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** mail or webhook: which sender delivers it. */
  kind: varchar('kind', { length: 16 }).notNull(),
  /** What caused it (a subscription run, a stock alert, an order event). */
  topic: varchar('topic', { length: 64 }).notNull(),
  /** Where it goes, as the monitor shows it: a mail address, an endpoint's URL. */
  target: varchar('target', { length: 512 }).notNull(),
  payload: jsonb('payload').notNull(),
  /** Whose it is: the upload monitor shows it within this dealer's scope (null: the operator's). */
  dealerId: integer('dealer_id'),
  /** Rows of one key go out one after another, in id order (one endpoint's events of one order). */
  orderingKey: varchar('ordering_key', { length: 128 }),
  /** pending, sent or failed. */
  status: varchar('status', { length: 12 }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** A node sending it holds it until then; a node that died mid-send lets it go at this time. */
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  leasedBy: varchar('leased_by', { length: 128 }),
  lastError: varchar('last_error', { length: 1024 }),
  /** What the receiving side answered last (an SMTP reply, an HTTP status and body), shortened. */
  lastAnswer: varchar('last_answer', { length: 2048 }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  retriedAt: timestamp('retried_at', { withTimezone: true }),
  retriedBy: varchar('retried_by', { length: 64 }),
  createdAt: createdAt(),
}, (t) => [
  index('outbox_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  index('outbox_ordering_idx').on(t.orderingKey, t.id).where(sql`status = 'pending'`),
  index('outbox_time_idx').on(t.createdAt),
  index('outbox_dealer_idx').on(t.dealerId, t.createdAt),
]);

/**
 * Where webhooks go (System › Webhooks, docs/integrations.md): an endpoint's URL, the secret its
 * deliveries are signed with, the events it takes, and whose: a dealer's endpoint hears only that
 * dealer's events, one of no dealer every dealer's. The ERP's endpoint (`erp`) acknowledging an
 * order's completion marks the order uploaded.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  url: varchar('url', { length: 512 }).notNull(),
  secret: varchar('secret', { length: 128 }).notNull(),
  dealerId: integer('dealer_id').references(() => dealers.id),
  orderCompleted: boolean('order_completed').notNull().default(false),
  orderCancelled: boolean('order_cancelled').notNull().default(false),
  stockAlertRaised: boolean('stock_alert_raised').notNull().default(false),
  stockAlertCleared: boolean('stock_alert_cleared').notNull().default(false),
  tripDelivered: boolean('trip_delivered').notNull().default(false),
  erp: boolean('erp').notNull().default(false),
  status: varchar('status', { length: 16 }).notNull().default('normal'),
  createdAt: createdAt(),
}, (t) => [index('webhook_endpoints_dealer_idx').on(t.dealerId)]);

// ---------------------------------------------------------------- saved views and their subscriptions
/**
 * A view of a list, report or dashboard saved under a name (docs/views-and-subscriptions.md): the
 * page's path and the view's query (filters, sort, page size, tab), its owner's alone unless shared
 * with a role, whose users then see it read-only. What it shows is read as whoever opens it.
 */
export const savedViews = pgTable('saved_views', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The page's menu path (`/reportQuery/storageInventory/monthBalance`). */
  page: varchar('page', { length: 256 }).notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  /** The view's query as its address carries it (`keyword=EP&sort=quantity.desc`). */
  query: varchar('query', { length: 2000 }).notNull().default(''),
  sharedRoleId: integer('shared_role_id').references(() => roles.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('saved_views_owner_name_idx').on(t.ownerId, t.page, t.name),
  index('saved_views_role_idx').on(t.sharedRoleId, t.page),
]);

/**
 * A user's mail of a saved report or dashboard view: daily, weekly on a weekday or monthly on a
 * day, at a time of day in BUSINESS_TIME_ZONE. `next_run_at` is the next moment it is due; the
 * subscription job enqueues a mail for each due one and moves it on in the same transaction.
 */
export const viewSubscriptions = pgTable('view_subscriptions', {
  id: serial('id').primaryKey(),
  viewId: integer('view_id').notNull().references(() => savedViews.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** daily, weekly or monthly. */
  frequency: varchar('frequency', { length: 8 }).notNull(),
  /** 1 (Monday) to 7, for weekly. */
  weekday: integer('weekday'),
  /** 1 to 28, for monthly. */
  monthDay: integer('month_day'),
  /** Minutes after midnight in the business time zone. */
  atMinute: integer('at_minute').notNull(),
  /** active, or stopped (unsubscribed, or the permission was revoked: `stoppedReason`). */
  status: varchar('status', { length: 12 }).notNull().default('active'),
  stoppedReason: varchar('stopped_reason', { length: 32 }),
  /** The key its mails' unsubscribe links are signed with (HMAC); a new one once used, so a link works once. */
  linkKey: varchar('link_key', { length: 64 }).notNull(),
  /** The language the mail is written in: the subscriber's when subscribing. */
  lang: varchar('lang', { length: 8 }).notNull().default('zh-CN'),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('view_subscriptions_view_user_idx').on(t.viewId, t.userId),
  index('view_subscriptions_due_idx').on(t.nextRunAt).where(sql`status = 'active'`),
]);

/**
 * Who gets stock alerts by mail, within their own data scope: `instant` (a mail as each alert is
 * raised, written with the raise) or `digest` (one mail a day at `digestMinute` in the business
 * time zone, of the alerts raised since the last). No row: no mail.
 */
export const alertMailPrefs = pgTable('alert_mail_prefs', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** instant or digest. */
  mode: varchar('mode', { length: 8 }).notNull(),
  digestMinute: integer('digest_minute').notNull().default(480),
  nextDigestAt: timestamp('next_digest_at', { withTimezone: true }),
  /** The end of the window the last digest covered: the next covers alerts raised after it. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  lang: varchar('lang', { length: 8 }).notNull().default('zh-CN'),
  createdAt: createdAt(),
}, (t) => [index('alert_mail_prefs_digest_idx').on(t.nextDigestAt).where(sql`mode = 'digest'`)]);

/**
 * A report's export the browser downloads by a link (docs/views-and-subscriptions.md, Long
 * exports): made by a signed-in call, used once by the download within a minute, as its user, and
 * read by the progress and cancel calls on any node: rows written so far, and whether to stop.
 */
export const exportTickets = pgTable('export_tickets', {
  id: serial('id').primaryKey(),
  /** SHA-256 of the ticket in the link. */
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  sessionId: integer('session_id').notNull(),
  /** The report's page name (`monthBalance`). */
  report: varchar('report', { length: 64 }).notNull(),
  filters: jsonb('filters').notNull(),
  lang: varchar('lang', { length: 8 }).notNull(),
  /** ready (not downloaded yet), running, done, cancelled or failed. */
  status: varchar('status', { length: 12 }).notNull().default('ready'),
  rows: integer('rows').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('export_tickets_token_idx').on(t.tokenHash), index('export_tickets_time_idx').on(t.createdAt)]);
