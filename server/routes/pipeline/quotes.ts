import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { INBOX_MESSAGES } from "../../../common/admin-messages";
import { Invalid } from "../../../common/errors";
import { UUID_SHAPE } from "../../../common/ids";
import {
  acceptInputSchema,
  customerQuoteSchema,
  declineInputSchema,
  linkTokenSchema,
  quoteInputSchema,
  quoteViewSchema,
  serviceInputSchema,
  serviceViewSchema,
} from "../../../common/pipeline/quotes";
import { z } from "../../../common/zod";
import { clientKey } from "../../client-address";
import {
  adminErrors,
  adminRoute,
  documentOnlyValidation,
  errorBody,
  idParams,
  jsonSchemaOf,
  parseBody,
  withStatus,
} from "../schemas";

const quoteView = jsonSchemaOf(quoteViewSchema, "output");
const customerQuote = jsonSchemaOf(customerQuoteSchema, "output");
const serviceView = jsonSchemaOf(serviceViewSchema, "output");
const errors = { ...adminErrors, 404: errorBody, 409: errorBody };
const desk = adminRoute("enquiries", "admin pipeline");
const owner = adminRoute("pipeline-settings", "admin pipeline");
const servicesQuerySchema = z.object({
  all: z.enum(["true", "false"]).optional().meta({ description: "true: the archived services too" }),
});

type WithId = { Params: { id: string } };

const checkedId = (raw: string, message: string = INBOX_MESSAGES.invalidId) => {
  if (!UUID_SHAPE.test(raw)) throw new Invalid(message);
  return raw;
};

/**
 * Priced quotes' REST API (issue 49): the price list (the Owner writes it), an enquiry's quotes
 * (create, revise, send: Desk and Owner), and the customer's signed link (read, accept, decline),
 * the link's token in the body, never in the address, bounded by a rate limit per client.
 */
export async function pipelineQuoteRoutes(app: FastifyInstance) {
  documentOnlyValidation(app);
  const quotes = app.services.quotes;
  const limited = (name: string, max: number) => ({
    rateLimit: {
      max,
      timeWindow: "1 hour",
      keyGenerator: (request: FastifyRequest) => `${name}:${clientKey(request.ip)}`,
    },
  });

  app.get(
    "/admin/pipeline/services",
    desk("The price list: the services a quote's lines start from", {
      querystring: jsonSchemaOf(servicesQuerySchema),
      response: { 200: withStatus("Ok", "data", { type: "array", items: serviceView }), ...errors },
    }),
    async (request) => {
      const { all } = parseBody(servicesQuerySchema, request.query ?? {});
      return { status: "Ok", data: await quotes.services(request.admin!, all === "true") };
    },
  );

  app.post(
    "/admin/pipeline/services",
    owner("Add a service to the price list (Owner only)", {
      body: jsonSchemaOf(serviceInputSchema),
      response: { 201: withStatus("Created", "data", serviceView), ...errors },
    }),
    async (request, reply) => {
      const input = parseBody(serviceInputSchema, request.body);
      return reply
        .status(201)
        .send({ status: "Created", data: await quotes.addService(input, request.admin!) });
    },
  );

  app.put<WithId>(
    "/admin/pipeline/services/:id",
    owner("Change or archive a service of the price list (Owner only)", {
      params: idParams,
      body: jsonSchemaOf(serviceInputSchema),
      response: { 200: withStatus("Ok", "data", serviceView), ...errors },
    }),
    async (request) => {
      const input = parseBody(serviceInputSchema, request.body);
      return {
        status: "Ok",
        data: await quotes.updateService(checkedId(request.params.id), input, request.admin!),
      };
    },
  );

  app.get<WithId>(
    "/admin/enquiries/:id/quotes",
    desk("The enquiry's quotes, every version, newest first", {
      params: idParams,
      response: { 200: withStatus("Ok", "data", { type: "array", items: quoteView }), ...errors },
    }),
    async (request) => ({
      status: "Ok",
      data: await quotes.forEnquiry(checkedId(request.params.id), request.admin!),
    }),
  );

  app.post<WithId>(
    "/admin/enquiries/:id/quotes",
    desk("A draft quote from the enquiry (numbered Q-YYYY-NNNN in London's year)", {
      params: idParams,
      body: jsonSchemaOf(quoteInputSchema),
      response: { 201: withStatus("Created", "data", quoteView), ...errors },
    }),
    async (request, reply) => {
      const input = parseBody(quoteInputSchema, request.body);
      const quote = await quotes.create(checkedId(request.params.id), input, request.admin!);
      return reply.status(201).send({ status: "Created", data: quote });
    },
  );

  app.get<WithId>(
    "/admin/quotes/:id",
    desk("One quote with its lines, totals and answer", {
      params: idParams,
      response: { 200: withStatus("Ok", "data", quoteView), ...errors },
    }),
    async (request) => ({
      status: "Ok",
      data: await quotes.get(checkedId(request.params.id), request.admin!),
    }),
  );

  app.put<WithId>(
    "/admin/quotes/:id",
    desk("Revise: a draft changed in place, any other quote's next version (which supersedes it)", {
      params: idParams,
      body: jsonSchemaOf(quoteInputSchema),
      response: { 200: withStatus("Ok", "data", quoteView), ...errors },
    }),
    async (request) => {
      const input = parseBody(quoteInputSchema, request.body);
      return { status: "Ok", data: await quotes.revise(checkedId(request.params.id), input, request.admin!) };
    },
  );

  app.post<WithId>(
    "/admin/quotes/:id/send",
    desk("Send a draft: the customer is mailed its link and the enquiry moves to Quoted", {
      params: idParams,
      response: { 200: withStatus("Ok", "data", quoteView), ...errors },
    }),
    async (request) => ({
      status: "Ok",
      data: await quotes.send(checkedId(request.params.id), request.admin!),
    }),
  );

  const pdfBody = {
    description: "The quote as a PDF (A4)",
    content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
  };
  const sendPdf = (reply: FastifyReply, pdf: { fileName: string; body: Buffer }) =>
    reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `inline; filename="${pdf.fileName}"`)
      .header("cache-control", "private, no-store")
      .send(pdf.body);

  app.get<WithId>(
    "/admin/quotes/:id/pdf",
    desk("The quote as a PDF: the same lines, discount, VAT and total as its page and mail", {
      params: idParams,
      produces: ["application/pdf"],
      response: { 200: pdfBody, ...errors },
    }),
    async (request, reply) => sendPdf(reply, await quotes.pdf(checkedId(request.params.id), request.admin!)),
  );

  const linkErrors = { 400: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

  app.post<WithId>(
    "/quotes/:id/pdf",
    {
      schema: {
        summary: "A quote as a PDF, by the customer's link",
        description: "The PDF of the quote whose link's token is sent (404 for any other), answered or not.",
        tags: ["quotes"],
        params: idParams,
        body: jsonSchemaOf(linkTokenSchema),
        produces: ["application/pdf"],
        response: { 200: pdfBody, ...linkErrors },
      },
      config: limited("quote-link", 300),
    },
    async (request, reply) => {
      const { token } = parseBody(linkTokenSchema, request.body);
      return sendPdf(reply, await quotes.pdfByLink(request.params.id, token));
    },
  );

  app.post<WithId>(
    "/quotes/:id/view",
    {
      schema: {
        summary: "A quote, by the customer's link",
        description:
          "The quote whose link's token is sent (404 for any other), and why it can no longer be answered.",
        tags: ["quotes"],
        params: idParams,
        body: jsonSchemaOf(linkTokenSchema),
        response: { 200: withStatus("Ok", "data", customerQuote), ...linkErrors },
      },
      config: limited("quote-link", 300),
    },
    async (request) => {
      const { token } = parseBody(linkTokenSchema, request.body);
      return { status: "Ok", data: await quotes.viewByLink(request.params.id, token) };
    },
  );

  app.post<WithId>(
    "/quotes/:id/accept",
    {
      schema: {
        summary: "Accept a quote by its link: the customer's name and 'I accept these terms'",
        description:
          "Records who, when, from which address and which version; the enquiry becomes Won with the quote's " +
          "total. 409 with the reason for a quote already answered, replaced or expired.",
        tags: ["quotes"],
        params: idParams,
        body: jsonSchemaOf(acceptInputSchema),
        response: { 200: withStatus("Ok", "data", customerQuote), ...linkErrors },
      },
      config: limited("quote-answer", 60),
    },
    async (request) => {
      const { token, name } = parseBody(acceptInputSchema, request.body);
      return { status: "Ok", data: await quotes.accept(request.params.id, token, name, request.ip ?? null) };
    },
  );

  app.post<WithId>(
    "/quotes/:id/decline",
    {
      schema: {
        summary: "Decline a quote by its link, with a reason if given",
        tags: ["quotes"],
        params: idParams,
        body: jsonSchemaOf(declineInputSchema),
        response: { 200: withStatus("Ok", "data", customerQuote), ...linkErrors },
      },
      config: limited("quote-answer", 60),
    },
    async (request) => {
      const { token, reason } = parseBody(declineInputSchema, request.body);
      return { status: "Ok", data: await quotes.decline(request.params.id, token, reason) };
    },
  );
}
