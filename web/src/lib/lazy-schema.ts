import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * A schema that is loaded when it first checks a value. RTK Query awaits a Standard Schema's
 * `validate`, so an endpoint the start-up code declares (the header's basket) can check its answers
 * with the contract's Zod schema without putting Zod into the start-up code: the schema's chunk is
 * fetched with the first answer, after the first render. A failed load rejects the request.
 */
export function lazySchema<S extends StandardSchemaV1>(
  load: () => Promise<S>,
): StandardSchemaV1<StandardSchemaV1.InferInput<S>, StandardSchemaV1.InferOutput<S>> {
  let loaded: Promise<S> | undefined;
  return {
    '~standard': {
      version: 1,
      vendor: 'wholesale-portal/lazy',
      validate: async (value) => {
        const schema = await (loaded ??= load().catch((err: unknown) => {
          loaded = undefined; // try again next time (offline now, back later)
          throw err;
        }));
        return schema['~standard'].validate(value) as StandardSchemaV1.Result<StandardSchemaV1.InferOutput<S>>;
      },
    },
  };
}
