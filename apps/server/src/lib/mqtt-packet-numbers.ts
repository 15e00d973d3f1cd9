import mqttPacket from 'mqtt-packet';

/*
 * mqtt-packet (under both mqtt.js and Aedes) builds, on its first packet, a cache of 65,536 two-byte Buffers
 * for packet ids and lengths: about 7.5 MB of heap that every full GC walks, once in the server's thread and
 * once in the embedded broker's (issue 22 item 3, memory). Without it each number is a 2-byte slice of
 * Node's buffer pool when written, which costs less than the GC's walk of the cache. Imported for this side
 * effect by the MQTT client's connection and the embedded broker, before either writes a packet.
 */
mqttPacket.writeToStream.cacheNumbers = false;
