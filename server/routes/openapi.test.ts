import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPostInputSchema } from "../../common/content/blog";
import { BLOG_LIMITS, TEMPLATE_COUNT } from "../../common/content/blog-rules";
import { POPUP_CONTENT_MAX, popupInputSchema } from "../../common/content/popup";
import { ENQUIRY_LIMITS } from "../../common/leads/enquiries";
import { enquiryStatusInputSchema, INBOX_PAGE_MAX, INBOX_SEARCH_MAX } from "../../common/leads/enquiry-inbox";
import { enquiryRequestSchema } from "../../common/leads/lead-source";
import { passwordChangeSchema } from "../../common/staff/account";
import { ADMIN_PASSWORD_MIN } from "../../common/staff/passwords";
import { sudoSchema } from "../../common/staff/sudo";
import type { z } from "../../common/zod";
import { bearer, signIn } from "../test/content";
import { buildTestApp } from "../test/harness";
import { toJsonSchemaDialect } from "./openapi";
import { jsonSchemaOf } from "./schemas";

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON walked by path
type Doc = any;
const bodyOf = (doc: Doc, path: string, method: string) =>
  doc.paths[path][method].requestBody.content["application/json"].schema;
const parameter = (doc: Doc, path: string, name: string) =>
  doc.paths[path].get.parameters.find((p: { name: string }) => p.name === name).schema;

/** Every place in the document still written in OpenAPI 3.0's dialect (3.1 reads JSON Schema 2020-12). */
function notOpenApi31(value: unknown, at = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => notOpenApi31(item, `${at}/${i}`));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const path = `${at}/${key}`;
    const here =
      (key === "nullable" && !at.endsWith("/properties")) ||
      (["exclusiveMinimum", "exclusiveMaximum"].includes(key) && typeof item === "boolean")
        ? [path]
        : [];
    return [...here, ...notOpenApi31(item, path)];
  });
}

describe("the 3.0 dialect served as 3.1's", () => {
  it("turns nullable into a null type (or anyOf), and boolean exclusive bounds into numbers", () => {
    expect(toJsonSchemaDialect({ type: "string", nullable: true })).toEqual({ type: ["string", "null"] });
    expect(toJsonSchemaDialect({ allOf: [{ $ref: "#/x" }], nullable: true })).toEqual({
      anyOf: [{ allOf: [{ $ref: "#/x" }] }, { type: "null" }],
    });
    expect(toJsonSchemaDialect({ type: "number", minimum: 0, exclusiveMinimum: true })).toEqual({
      type: "number",
      exclusiveMinimum: 0,
    });
    expect(toJsonSchemaDialect({ type: "number", maximum: 9, exclusiveMaximum: false })).toEqual({
      type: "number",
      maximum: 9,
    });
    // A property that happens to be called "nullable" is a name, not the keyword.
    expect(toJsonSchemaDialect({ properties: { nullable: { type: "boolean" } } })).toEqual({
      properties: { nullable: { type: "boolean" } },
    });
  });
});

describe("OpenAPI document and hostile input", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp("pglite");
  });
  afterAll(() => app.close());

  it("serves /api/openapi.json generated from the route schemas, covering every route it serves", async () => {
    const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const op of [
      "GET /api/blog",
      "GET /api/blog/{id}",
      "GET /api/blog/active-popup",
      "GET /api/blog/blog-image/{imageName}",
      "POST /api/admin/login",
      "POST /api/admin/logout",
      "GET /api/admin/profile",
      "POST /api/admin",
      "PUT /api/admin/{id}",
      "DELETE /api/admin/{id}",
      "POST /api/admin/add-image",
      "DELETE /api/admin/delete-image/{id}",
      "GET /api/admin/popups",
      "GET /api/admin/popup-message/{id}",
      "POST /api/admin/popup-message",
      "PUT /api/admin/edit-popup/{id}",
      "DELETE /api/admin/popup-message/{id}",
      "PUT /api/admin/activate-popup/{id}",
      "PUT /api/admin/deactivate-popup/{id}",
      "PUT /api/admin/password",
      "POST /api/contact",
      "POST /api/quote",
      "POST /api/tankering",
      "GET /api/admin/enquiries",
    ])
      expect(operations).toContain(op);
    expect(doc.paths["/api/admin/popups"].get.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(
      doc.paths["/api/blog/{id}"].get.responses["200"].content["application/json"].schema.properties.result
        .required,
    ).toContain("dateAdded");
    expect(operations.some((op) => op.includes("*"))).toBe(false);
  });

  it("documents the enquiry forms: body, 201 Created, 400, 429 and 503 errors", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const kind of ["contact", "quote", "tankering"] as const) {
      const operation = doc.paths[`/api/${kind}`].post;
      expect(operation.tags).toEqual(["enquiries"]);
      expect(operation.summary).toEqual(expect.any(String));
      expect(Object.keys(operation.responses).sort()).toEqual(["201", "400", "429", "503"]);
      expect(operation.responses["201"].content["application/json"].schema.properties.status.enum).toEqual([
        "Created",
      ]);
      for (const status of ["429", "503"]) {
        expect(operation.responses[status].content["application/json"].schema.required).toEqual([
          "status",
          "message",
        ]);
      }
      expect(bodyOf(doc, `/api/${kind}`, "post")).toEqual(jsonSchemaOf(enquiryRequestSchema(kind)));
    }
    const quote = bodyOf(doc, "/api/quote", "post");
    expect(quote.required).toEqual(["businessType", "wasteType", "frequency", "location", "contact"]);
    expect(quote.properties.contact.required).toEqual(["name", "email", "phone"]);
  });

  it("takes every request rule from the common zod schemas, never a copy", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const bodies: Array<[string, string, z.ZodType]> = [
      ["/api/admin", "post", blogPostInputSchema],
      ["/api/admin/{id}", "put", blogPostInputSchema],
      ["/api/admin/popup-message", "post", popupInputSchema],
      ["/api/admin/edit-popup/{id}", "put", popupInputSchema],
      ["/api/admin/password", "put", passwordChangeSchema],
      ["/api/admin/enquiries/{id}/status", "put", enquiryStatusInputSchema],
      ["/api/admin/sudo", "post", sudoSchema],
    ];
    for (const [path, method, schema] of bodies)
      expect(bodyOf(doc, path, method)).toEqual(toJsonSchemaDialect(jsonSchemaOf(schema)));

    expect(bodyOf(doc, "/api/contact", "post").properties.name.maxLength).toBe(ENQUIRY_LIMITS.name);
    expect(bodyOf(doc, "/api/quote", "post").properties.contact.properties.email.maxLength).toBe(
      ENQUIRY_LIMITS.email,
    );
    const post = bodyOf(doc, "/api/admin", "post");
    expect(post.properties.title.maxLength).toBe(BLOG_LIMITS.title);
    expect(post.properties.template.maximum).toBe(TEMPLATE_COUNT);
    expect(post.properties.content.items.properties.content.maxLength).toBe(BLOG_LIMITS.content);
    expect(bodyOf(doc, "/api/admin/popup-message", "post").properties.content.maxLength).toBe(
      POPUP_CONTENT_MAX,
    );
    expect(bodyOf(doc, "/api/admin/password", "put").properties.newPassword.minLength).toBe(
      ADMIN_PASSWORD_MIN,
    );
    expect(parameter(doc, "/api/admin/enquiries", "limit").maximum).toBe(INBOX_PAGE_MAX);
    expect(parameter(doc, "/api/admin/enquiries", "q").maxLength).toBe(INBOX_SEARCH_MAX);
  });

  it("documents sudo mode: POST /api/admin/sudo, and the 403 of each change it guards", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const confirm = doc.paths["/api/admin/sudo"].post;
    expect(confirm.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(Object.keys(confirm.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "429"]));
    for (const [path, method] of [
      ["/api/admin/passkeys/options", "post"],
      ["/api/admin/passkeys/{id}", "delete"],
      ["/api/admin/two-factor/disable", "post"],
      ["/api/admin/two-factor/recovery-codes", "post"],
      ["/api/admin/security", "put"],
    ]) {
      const operation = doc.paths[path][method];
      expect(Object.keys(operation.responses), path).toContain("403");
      expect(operation.description, path).toContain("POST /api/admin/sudo");
    }
  });

  it("answers shapes built from the same schemas, in an OpenAPI 3.1 document", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const schemaOf = (path: string, status: string) =>
      doc.paths[path].get.responses[status].content["application/json"].schema;
    const post = schemaOf("/api/blog/{id}", "200").properties.result;
    expect(post.properties.title.maxLength).toBe(BLOG_LIMITS.title);
    expect(post.properties.content.items.required).toEqual(["header", "content", "img", "alt"]);
    const listed = schemaOf("/api/blog", "200").properties.result.items;
    expect(listed.properties.content.items.required).not.toContain("content");
    const active = schemaOf("/api/blog/active-popup", "200").properties.data;
    expect(active).toMatchObject({
      type: ["object", "null"],
      required: ["title", "content", "navigation"],
    });
    // A default in an answer's schema would make the serializer fill in a field the answer leaves out.
    const responses = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops as Record<string, Doc>).map((op) => op.responses),
    );
    expect(JSON.stringify(responses)).not.toContain('"default":');
    expect(doc.openapi).toBe("3.1.0");
    expect(notOpenApi31(doc)).toEqual([]);
  });

  it("never answers 5xx to odd methods, paths and bodies across the content API", async () => {
    const token = await signIn(app);
    const paths = [
      "/api/blog/%E0%A4%A",
      `/api/blog/${"a".repeat(5000)}`,
      "/api/blog/blog-image/%2e%2e%2f",
      "/api/admin/%00",
      "/api/admin/popup-message/%ZZ",
      "/api/blog/blog-image/00000000-0000-4000-8000-000000000000?w=480",
      "/api/blog/blog-image/00000000-0000-4000-8000-000000000000?w[]=1",
    ];
    const bodies = ["", "null", "[]", '{"a":', '"x"', "1e400", JSON.stringify({ title: { $gt: "" } })];
    for (const url of paths)
      for (const method of ["GET", "POST", "PUT", "DELETE"] as const)
        for (const payload of bodies) {
          const res = await app.inject({
            method,
            url,
            headers: { ...bearer(token), "content-type": "application/json" },
            payload: method === "GET" ? undefined : payload,
          });
          expect(res.statusCode, `${method} ${url} ${payload}`).toBeLessThan(500);
        }
  });
});
