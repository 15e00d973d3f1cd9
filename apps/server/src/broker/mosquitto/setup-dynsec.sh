#!/usr/bin/env bash
# Initialises Mosquitto's dynamic security for Fairway and starts the broker in the background.
#
#   setup-dynsec.sh DATA_DIR ADMIN_USER ADMIN_PASSWORD PORT
#
# ADMIN_USER is the account the Fairway server connects with (MQTT_USERNAME / MQTT_PASSWORD, MQTT_DYNSEC=on):
# it gets the dynsec admin role (to create one client per cart) and a role allowing all of fairway/#.
# Safe to run again: an existing dynamic-security.json is kept and existing roles are left as they are.
# Environment: MOSQUITTO_BIND (listen address, default 127.0.0.1; 0.0.0.0 to accept carts from the network),
# MOSQUITTO_DYNSEC_PLUGIN (path of mosquitto_dynamic_security.so).
set -euo pipefail

if [ "$#" -ne 4 ]; then
  echo "usage: $0 DATA_DIR ADMIN_USER ADMIN_PASSWORD PORT" >&2
  exit 64
fi
DATA_DIR=$(mkdir -p "$1" && cd "$1" && pwd)
ADMIN_USER=$2
ADMIN_PASSWORD=$3
PORT=$4
BIND=${MOSQUITTO_BIND:-127.0.0.1}
PLUGIN=${MOSQUITTO_DYNSEC_PLUGIN:-/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so}
HERE=$(cd "$(dirname "$0")" && pwd)
SERVER_ROLE=fairway-server

for tool in mosquitto mosquitto_ctrl; do
  command -v "$tool" >/dev/null || { echo "$tool not found (apt-get install -y mosquitto mosquitto-clients)" >&2; exit 69; }
done
[ -f "$PLUGIN" ] || { echo "dynamic security plugin not found at $PLUGIN" >&2; exit 69; }

if [ -f "$DATA_DIR/mosquitto.pid" ] && kill -0 "$(cat "$DATA_DIR/mosquitto.pid")" 2>/dev/null; then
  echo "mosquitto already running for $DATA_DIR (pid $(cat "$DATA_DIR/mosquitto.pid"))" >&2
  exit 1
fi

if [ ! -f "$DATA_DIR/dynamic-security.json" ]; then
  mosquitto_ctrl dynsec init "$DATA_DIR/dynamic-security.json" "$ADMIN_USER" "$ADMIN_PASSWORD" >/dev/null
fi

sed -e "s|@PORT@|$PORT|g" -e "s|@BIND@|$BIND|g" -e "s|@PLUGIN@|$PLUGIN|g" -e "s|@DATA_DIR@|$DATA_DIR|g" \
  "$HERE/mosquitto.conf" >"$DATA_DIR/mosquitto.conf"

# Started as root, mosquitto drops to the mosquitto user, which must own its data (dynsec saves its JSON there).
if [ "$(id -u)" = 0 ] && id mosquitto >/dev/null 2>&1; then
  chown -R mosquitto: "$DATA_DIR"
fi

# Every cart is a connection and a file descriptor; 1,024 (a common default) is not enough for a fleet.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
mosquitto -c "$DATA_DIR/mosquitto.conf" -d

# mosquitto_ctrl exits 0 even when the broker answers an error, so the answer text decides; its warning
# about unencrypted connections (we talk over loopback) is dropped.
ctrl() {
  local out
  out=$(mosquitto_ctrl -h "$BIND" -p "$PORT" -u "$ADMIN_USER" -P "$ADMIN_PASSWORD" dynsec "$@" 2>&1 \
    | grep -v -e 'without encryption' -e 'configuration changes you are making' -e '^$') || true
  [ -n "$out" ] && printf '%s\n' "$out"
  case "$out" in *Error*|*rror:*|*refused*) return 1 ;; esac
}
# Wait for the listener (and the plugin) to answer.
for _ in $(seq 1 50); do
  ctrl getDefaultACLAccess >/dev/null 2>&1 && break
  sleep 0.1
done
ctrl getDefaultACLAccess >/dev/null || { echo "mosquitto did not start; see $DATA_DIR/mosquitto.log" >&2; exit 1; }

# Idempotent: on a second run the role exists and is left as it is.
if ctrl createRole "$SERVER_ROLE" >/dev/null; then
  # The server subscribes to every cart's outbound channels (plainly or through a $share group) and
  # publishes commands and retained configs to any cart.
  ctrl addRoleACL "$SERVER_ROLE" subscribePattern 'fairway/#' allow
  ctrl addRoleACL "$SERVER_ROLE" subscribePattern '$share/+/fairway/#' allow
  ctrl addRoleACL "$SERVER_ROLE" unsubscribePattern '$share/+/fairway/#' allow
  ctrl addRoleACL "$SERVER_ROLE" publishClientSend 'fairway/#' allow
  ctrl addRoleACL "$SERVER_ROLE" publishClientReceive 'fairway/#' allow
  ctrl addClientRole "$ADMIN_USER" "$SERVER_ROLE"
fi

echo "mosquitto listening on mqtt://$BIND:$PORT (pid $(cat "$DATA_DIR/mosquitto.pid"), log $DATA_DIR/mosquitto.log)"
