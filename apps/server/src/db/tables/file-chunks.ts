// Storage shape of the chunked-upload ledger (migration 0125-file-chunks), composed into Database (db/types.ts).
import type { Generated } from 'kysely';

export interface ChunkTable {
  user_id: string;
  identifier: string;
  chunk_number: number;
  size: number | string;
  updated_at: Generated<Date>;
}

export interface FileChunkTables {
  file_chunk: ChunkTable;
}
