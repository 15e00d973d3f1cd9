import { Aedes } from 'aedes';
import { createServer } from 'node:net';
import { createServer as createHttp } from 'node:http';
import { randomUUID } from 'node:crypto';
import { deviceMayPublish, deviceMaySubscribe } from '@fairway/domain';

const devices = new Map<string, { serial: string; secret: string; siteID?: string; carNumber?: string }>();
const broker = await Aedes.createBroker();
broker.authenticate = (client, username, password, done) => done(null, devices.get(username ?? '')?.secret === password?.toString() && client.id === username);
broker.authorizePublish = (client, packet, done) => done(client && !deviceMayPublish(client.id, packet.topic) ? new Error('acl') : null);
broker.authorizeSubscribe = (client, sub, done) => done(deviceMaySubscribe(client.id, sub.topic) ? null : new Error('acl'), sub);
let online = 0;
const statuses = new Map<string, string>();
broker.on('publish', (packet) => {
  if (packet.topic.endsWith('/status')) statuses.set(packet.topic.split('/')[3]!, packet.payload.toString());
});
createServer(broker.handle).listen(28831);
let patches = 0;
createHttp(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  const json = body ? JSON.parse(body) : {};
  const send = (status: number, value: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(value)); };
  if (req.url === '/api/dashboard/auth/login' && req.method === 'POST') return json.password === 'demo-password' ? send(200, { accessToken: 't1', refreshToken: 'r' }) : send(401, { message: 'bad' });
  if (req.headers.authorization !== 'Bearer t1') return send(401, { message: 'no token' });
  if (req.url === '/api/admin/devices' && req.method === 'POST') {
    const id = randomUUID(); const secret = randomUUID();
    devices.set(id, { serial: json.serial, secret }); return send(201, { _id: id, serial: json.serial, secret });
  }
  if (req.url === '/api/admin/devices' && req.method === 'PATCH') {
    patches++;
    if (json.updateData.carNumber === '3') return send(409, { message: 'Car number already exists' });
    for (const id of json.ids) Object.assign(devices.get(id)!, json.updateData); return send(200, { updated: json.ids.length });
  }
  send(404, { message: 'not found' });
}).listen(23001);
setInterval(() => {
  const vals = [...statuses.values()];
  console.log(`MOCK devices=${devices.size} patches=${patches} online=${vals.filter((v) => v.includes('"online":true')).length} offline=${vals.filter((v) => v.includes('"online":false')).length} clients=${broker.connectedClients}`);
}, 2000);
void online;
