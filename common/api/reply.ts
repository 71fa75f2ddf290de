// How a reply declared in common/api is checked against what the server sends. A declaration is a
// zod schema (strict, so a test can refuse fields it does not name) and the type inferred from it;
// `replyOf(path)` is the phantom an action carries so TypeScript compares the two at compile time.
import type { ReplyPath, Replies } from './replies'

/**
 * What JSON makes of a value: dates (anything with `toJSON`) become what `toJSON` returns, arrays
 * lose `readonly`, objects keep their fields with each turned into its JSON form.
 */
export type Wire<T> = T extends { toJSON(): infer J }
  ? Wire<J>
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends readonly (infer E)[]
      ? Wire<E>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T

/**
 * An action's reply contract. `check` is never set: typed as a parameter, it makes the marker
 * contravariant, so a marker for the declared reply fits an action only when the action's real
 * reply is assignable to the declared one.
 */
export type ReplyMarker<T> = { readonly path: ReplyPath; readonly check?: (wire: T) => void }

/** The marker of a declared reply; the path lets a test confirm an action names its own declaration. */
export const replyOf = <P extends ReplyPath>(path: P): ReplyMarker<Replies[P]> => ({ path })
