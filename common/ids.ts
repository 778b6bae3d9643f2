import { z } from "./zod";

/**
 * The shape of every stored record's id (a PostgreSQL `uuid`): 8-4-4-4-12 hexadecimal digits, any
 * version. Services test an id against it before they query, so a malformed id is "not found",
 * never a database error. Case is spelt out rather than an `i` flag: the pattern also goes into the
 * OpenAPI document, which has no flags.
 */
export const UUID_SHAPE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A stored record's id, as schemas check it. */
export const idSchema = z.string().regex(UUID_SHAPE);

/** The path parameters of a route that names one record (`…/:id`). */
export const idParamsSchema = z.object({ id: idSchema });
