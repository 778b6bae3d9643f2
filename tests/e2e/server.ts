// The process plumbing lives in scripts/server-process.mjs and scripts/scratch-database.mjs; this
// module only keeps the names server/mail/outbox.test.ts and server/routes/admin-auth-limits.test.ts
// still import. Import from the scripts directly; delete this once those two do.

export { scratchDir as tempDir } from "../../scripts/scratch-database.mjs";
export { freePort } from "../../scripts/server-process.mjs";
