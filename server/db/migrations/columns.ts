/**
 * Column helpers shared by the migrations: the only places where the two dialects need
 * different DDL. Kept tiny and stable on purpose, because changing them changes old migrations.
 */
import type { ColumnDefinitionBuilder } from 'kysely';
import { dialectOf } from '../index';
import type { AnyKysely } from '../index';

type ColumnBuilderCallback = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/**
 * Auto-numbered integer key: `INTEGER PRIMARY KEY AUTOINCREMENT` on SQLite (ids never reused),
 * an identity column on PostgreSQL. int4 on PostgreSQL because pg would hand int8 back as strings.
 */
export const idColumn = (db: AnyKysely): ColumnBuilderCallback =>
  dialectOf(db) === 'postgres'
    ? (col) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col) => col.primaryKey().autoIncrement();

/** Timestamps: ISO-8601 UTC text, 24 characters (see ../time.ts). */
export const TIME = 'varchar(32)';
