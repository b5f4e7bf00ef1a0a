import { type Kysely, sql } from 'kysely';

/**
 * Sign-in channels besides the password (spec 1 §7): scan-to-log-in certificates
 * (GET /api/oauth/codeCertificate, …/codeCertificateStatus/{id}) and accounts of third-party providers
 * bound to users (POST /api/oauth/loginByDingCode). Types and logic: src/domains/login/.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('base_login_certificate')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    /** SHA-256 of the poll ticket only the requesting browser holds. */
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull())
    /** 0 waiting for a scan, 1 scanned, 2 confirmed, 3 cancelled, 4 used (a session was issued). */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('base_login_certificate_expires')
    .on('base_login_certificate')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('base_user_social')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('external_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('creator_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('base_user_social_external', ['provider', 'external_id'])
    .execute();
}
