import "#server-only";

/**
 * Names for the statements a process runs again and again, handed to the PostgreSQL adapter
 * (`statementNameGenerator`): node-postgres then prepares a named statement once per
 * connection and afterwards sends only its parameters, and PostgreSQL parses and plans it once
 * instead of on every execution (a status or an inbound message is one statement of a dozen
 * CTEs, whose planning costs more than its execution).
 *
 * A statement gets a name once its text has run `after` times in this process, and at most
 * `max` texts get one: a prepared statement lives as long as its connection, so texts that
 * vary without bound (an IN list of any length) must not each become one. Texts seen fewer
 * times are counted in a map that is emptied when it holds `max * 20` of them.
 */
export function statementNames(options: { after: number; max: number }): (sql: string) => string | undefined {
  const named = new Map<string, string>();
  const seen = new Map<string, number>();
  return (sql) => {
    const name = named.get(sql);
    if (name !== undefined) return name;
    if (named.size >= options.max) return undefined;
    const count = (seen.get(sql) ?? 0) + 1;
    if (count < options.after) {
      if (seen.size >= options.max * 20) seen.clear();
      seen.set(sql, count);
      return undefined;
    }
    seen.delete(sql);
    const fresh = `s${named.size + 1}`;
    named.set(sql, fresh);
    return fresh;
  };
}
