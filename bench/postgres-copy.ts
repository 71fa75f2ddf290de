// The bench's PostgreSQL: a throwaway cluster (as the tests start one) holding a copy of the run's
// SQLite database, made with the same copier operators use (`npm run db:copy-to-postgres`).
import pg from 'pg'
import { copyToPostgres } from '../scripts/copy-to-postgres'
import { migratePostgres } from '../scripts/migrate'
import { onServer, startPostgresCluster, type PostgresCluster } from '../server/test/postgres-cluster'

export type BenchPostgres = { cluster: PostgresCluster; url: string }

export async function copyIntoPostgres(runFile: string): Promise<BenchPostgres> {
  console.log('copying the large database into PostgreSQL ...')
  const cluster = await startPostgresCluster()
  process.on('exit', () => void cluster.stop())
  await onServer(cluster.serverUrl, 'CREATE DATABASE bench')
  const url = cluster.urlFor('bench')
  await migratePostgres(url, () => undefined)
  await copyToPostgres(runFile, url, () => undefined)
  // What autovacuum does after a bulk load: planner statistics and the visibility map for index-only scans.
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query('VACUUM ANALYZE')
  await client.end()
  return { cluster, url }
}
