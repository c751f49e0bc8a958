/**
 * `npm run test:deploy`: a rolling deploy behind a real load balancer with no failed request
 * (tests/deploy/rolling-deploy.ts, decision 0117). Installs Debian's `haproxy` and `postgresql`
 * when missing (as root, or through sudo as .ci/run does), makes a throwaway self-signed TLS
 * certificate for HAProxy (the client trusts it through NODE_EXTRA_CA_CERTS), then runs the test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDebianPackages, formatDuration, hasCommand, run } from './lib.mjs';

const hasPostgres = () => existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));
const hasHaproxy = () => hasCommand('haproxy') || existsSync('/usr/sbin/haproxy');

async function installMissing() {
  const markers = { haproxy: hasHaproxy, postgresql: hasPostgres, openssl: () => hasCommand('openssl') };
  if (process.getuid?.() === 0) return ensureDebianPackages(markers);
  const missing = Object.entries(markers).filter(([, present]) => !present()).map(([name]) => name);
  if (missing.length === 0) return;
  console.log(`[deploy] installing ${missing.join(', ')} with sudo apt-get…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('sudo', ['apt-get', 'update', '-qq'], { env })) !== 0) throw new Error('sudo apt-get update failed');
  if ((await run('sudo', ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing])) !== 0) throw new Error(`apt-get install ${missing.join(' ')} failed`);
}

/** A P-256 certificate for 127.0.0.1, one day long; HAProxy wants chain and key in one file. */
async function makeCertificate(dir) {
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  const result = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=parkfair-deploy-test', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`openssl: ${result.stderr}`);
  const bundle = path.join(dir, 'haproxy.pem');
  await writeFile(bundle, `${await readFile(cert, 'utf8')}${await readFile(key, 'utf8')}`, { mode: 0o600 });
  return { cert, bundle };
}

async function main() {
  const startedAt = Date.now();
  await installMissing();
  const dir = await mkdtemp(path.join(tmpdir(), 'pf-deploy-tls-'));
  try {
    const { cert, bundle } = await makeCertificate(dir);
    const code = await run(process.execPath, ['--import', 'tsx', 'tests/deploy/rolling-deploy.ts'], { env: { DEPLOY_TLS_CERT: bundle, NODE_EXTRA_CA_CERTS: cert } });
    console.log(`[deploy] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${formatDuration(Date.now() - startedAt)}`);
    return code;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('[deploy] failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
