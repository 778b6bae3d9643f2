import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { admins } from "../db/schema";
import { generatePassword, hashPassword } from "./passwords";

export interface AdminAccount {
  id: string;
  email: string;
}

export class AccountError extends Error {}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Administrator accounts: creation, password reset and the first-start bootstrap. */
export function createAccountService(db: Database) {
  async function findByEmail(email: string) {
    const [row] = await db
      .select()
      .from(admins)
      .where(eq(admins.email, normaliseEmail(email)));
    return row;
  }

  async function create(email: string, password: string): Promise<AdminAccount> {
    if (password.length < 8) throw new AccountError("The password must be at least 8 characters");
    const normalised = normaliseEmail(email);
    if (await findByEmail(normalised))
      throw new AccountError(`An administrator ${normalised} already exists`);
    const [row] = await db
      .insert(admins)
      .values({ email: normalised, passwordHash: await hashPassword(password) })
      .returning({ id: admins.id, email: admins.email });
    return row;
  }

  async function resetPassword(email: string, password: string): Promise<void> {
    if (password.length < 8) throw new AccountError("The password must be at least 8 characters");
    const updated = await db
      .update(admins)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(admins.email, normaliseEmail(email)))
      .returning({ id: admins.id });
    if (updated.length === 0) throw new AccountError(`No administrator ${normaliseEmail(email)}`);
  }

  async function list(): Promise<AdminAccount[]> {
    return db.select({ id: admins.id, email: admins.email }).from(admins).orderBy(admins.createdAt);
  }

  /**
   * At start: create ADMIN_EMAIL when it does not exist; with no administrator at all and no
   * ADMIN_EMAIL, create one with a generated password, returned so it can be printed once.
   */
  async function bootstrap(options: {
    adminEmail?: string;
    adminPassword?: string;
    fallbackEmail: string;
  }): Promise<{ email: string; generatedPassword?: string } | undefined> {
    if (options.adminEmail && options.adminPassword) {
      if (await findByEmail(options.adminEmail)) return undefined;
      await create(options.adminEmail, options.adminPassword);
      return { email: normaliseEmail(options.adminEmail) };
    }
    const [existing] = await db.select({ id: admins.id }).from(admins).limit(1);
    if (existing) return undefined;
    const email = options.adminEmail ?? options.fallbackEmail;
    const password = generatePassword();
    await create(email, password);
    return { email: normaliseEmail(email), generatedPassword: password };
  }

  return { findByEmail, create, resetPassword, list, bootstrap };
}

export type AccountService = ReturnType<typeof createAccountService>;
