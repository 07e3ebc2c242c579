/** better-sqlite3 ships no types (Knex drives it everywhere else): the part the backup tools use. */
declare module 'better-sqlite3' {
  interface Statement {
    get(...params: unknown[]): unknown;
    all(...params: unknown[]): unknown[];
    pluck(toggle?: boolean): Statement;
  }
  interface BackupProgress {
    totalPages: number;
    remainingPages: number;
  }
  class Database {
    constructor(filename: string, options?: { readonly?: boolean; fileMustExist?: boolean; timeout?: number });
    prepare(sql: string): Statement;
    exec(sql: string): this;
    pragma(sql: string, options?: { simple?: boolean }): unknown;
    backup(destination: string, options?: { progress?: (progress: BackupProgress) => number | undefined }): Promise<BackupProgress>;
    close(): this;
  }
  export default Database;
}
