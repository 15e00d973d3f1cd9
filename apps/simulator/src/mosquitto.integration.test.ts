import { deviceTopic } from '@fairway/domain';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COURSE } from './courses';
import { startFleet, type FleetCart } from './fleet';
import { silentLogger } from './logger';
import { newCommand, observe, sendCommand } from './mqtt.test-support';

const MOSQUITTO = '/usr/sbin/mosquitto';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Debian's Mosquitto with persistence on, so a restart keeps the carts' sessions and the QoS 1 messages
 * queued for them: the production setup the "no command lost across a broker restart" promise relies on.
 * (Credentials and ACLs are the server's dynsec setup and are tested there; this broker is anonymous.)
 */
async function startMosquitto() {
  const dir = await mkdtemp(join(tmpdir(), 'fairway-sim-mosquitto-'));
  const port = await freePort();
  const config = join(dir, 'mosquitto.conf');
  await writeFile(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${dir}/`,
      // Started as root, Mosquitto would switch to its own user, who cannot write the temporary directory.
      'user root',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(MOSQUITTO, ['-c', config], { stdio: 'ignore' });
    for (let tries = 0; tries < 50; tries++) {
      const up = await new Promise<boolean>((resolve) => {
        const probe = createServer().once('error', () => resolve(true));
        probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
      });
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('mosquitto did not start');
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM'); // Mosquitto saves its persistence file on SIGTERM
    await exited;
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    restart: async () => {
      await stop();
      await start();
    },
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe.runIf(existsSync(MOSQUITTO))('a fleet against Mosquitto', () => {
  let broker: Awaited<ReturnType<typeof startMosquitto>>;
  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(async () => {
    await broker?.close();
  });

  it('acks commands and resumes its persistent session after a broker restart', async () => {
    const carts: FleetCart[] = [1, 2].map((n) => ({
      deviceId: randomUUID(),
      secret: 'unused',
      carNumber: String(n),
    }));
    const live = await observe(broker.url, `mosquitto-${randomUUID()}`);
    const fleet = await startFleet({
      url: broker.url,
      carts,
      course: DEMO_COURSE,
      activity: 0,
      seed: 4,
      logger: silentLogger,
    });
    try {
      const unlock = newCommand({ name: 'unlock' });
      await sendCommand(live.client, carts[0]!.deviceId, unlock);
      expect((await live.waitFor((m) => m.channel === 'ack' && m.body.id === unlock.id)).body.ok).toBe(true);

      await broker.restart();
      // Queued by the restarted broker in the cart's session before the cart is back.
      const ping = newCommand({ name: 'ping', code: 2 });
      await live.client.publishAsync(deviceTopic(carts[1]!.deviceId, 'command'), JSON.stringify(ping), {
        qos: 1,
      });
      const ack = await live.waitFor((m) => m.channel === 'ack' && m.body.id === ping.id, 10_000);
      expect(ack.body).toMatchObject({ ok: true, result: { uptime: expect.any(Number) } });
      await expect.poll(() => fleet.connectedCount(), { timeout: 10_000 }).toBe(2);
    } finally {
      await fleet.stop();
      await live.client.endAsync();
    }
  }, 30_000);
});
