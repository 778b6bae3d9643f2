import ajvCompiler from "@fastify/ajv-compiler";
import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";
import type { FastifyServerOptions } from "fastify";

type Compiled = ((data: never) => unknown) & { errors?: unknown };
type Factory = (...args: never[]) => (route: never) => Compiled;

/**
 * Fastify's own compilers (Ajv for request schemas, fast-json-stringify for responses), each
 * route's run at its first request instead of all of them while the server starts: compiling a
 * hundred-odd response and query schemas was about 50 ms of every start (docs/benchmarks.md 'Budgets'), and
 * most routes (the admin's) are not asked for in a while. A schema a compiler refuses still
 * fails every request of its route, and the tests reach every route (tests/api/hostile-input).
 */
function lazily<F extends Factory>(factory: F): F {
  return ((...args: Parameters<F>) => {
    const compile = factory(...args);
    return (route: never) => {
      let compiled: Compiled | undefined;
      const run: Compiled = (data) => {
        compiled ??= compile(route);
        const result = compiled(data);
        run.errors = compiled.errors; // Fastify reads a refusal's details from the function (Ajv's way)
        return result;
      };
      return run;
    };
  }) as F;
}

export const lazySchemaCompilers: FastifyServerOptions["schemaController"] = {
  compilersFactory: {
    buildValidator: lazily(ajvCompiler() as unknown as Factory) as never,
    buildSerializer: lazily(SerializerSelector() as unknown as Factory) as never,
  },
};
