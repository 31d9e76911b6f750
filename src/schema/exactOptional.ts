/**
 * The one optional-field helper of the contract Schemas: a key that is absent, never present as `undefined`
 * (`exactOptionalPropertyTypes` holds in the decoded type and in the JSON Schema pi sees).
 */
import * as Schema from "effect/Schema"

export const optional = <A, I, R>(schema: Schema.Schema<A, I, R>) => Schema.optionalWith(schema, { exact: true })
