#!/usr/bin/env bash
# A two-node Ray cluster on this machine (a head node and a worker node, one
# CPU each), listening on 127.0.0.1 only, for one command; the cluster is
# stopped whatever happens, and the command gets at most CLUSTER_TIMEOUT
# seconds (default 1800).
#
#   sudo python/examples/local_cluster.sh \
#     python python/examples/selfplay.py --address 127.0.0.1:6379
#
# The nodes and the command run in a network namespace of their own whose only
# interface is the loopback: every port Ray opens is on 127.0.0.1 and nothing
# outside can reach it (Ray itself will not bind a node to the loopback where
# the machine has another address). That needs root, for `ip netns`. The
# cluster uses token authentication, with a token made for this run.
#
# RAY names the `ray` command (default: the one on the PATH), RAY_PORT the
# head's port (default 6379).
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARG...]" >&2
  exit 2
fi
if [ "$(id -u)" != 0 ]; then
  echo "$0: needs root for a network namespace (ip netns); without it, start the nodes" >&2
  echo "yourself: ray start --head --num-cpus=1, then ray start --address=HEAD:6379 --num-cpus=1" >&2
  exit 2
fi

ray=${RAY:-ray}
port=${RAY_PORT:-6379}
timeout=${CLUSTER_TIMEOUT:-1800}
ns=mancala-ray-$$
temp=$(mktemp -d /tmp/mancala-ray-XXXXXX)

stop() {
  status=$?
  # Every process of the namespace: the nodes and anything they started.
  for signal in TERM KILL; do
    pids=$(ip netns pids "$ns" 2>/dev/null || true)
    if [ -n "$pids" ]; then
      # shellcheck disable=SC2086
      kill -s "$signal" $pids 2>/dev/null || true
      for _ in $(seq 20); do
        [ -z "$(ip netns pids "$ns" 2>/dev/null || true)" ] && break
        sleep 0.5
      done
    fi
  done
  ip netns delete "$ns" 2>/dev/null || true
  rm -rf "$temp"
  exit "$status"
}
trap stop EXIT
trap 'exit 130' INT TERM

ip netns add "$ns"
ip -n "$ns" link set lo up
in_ns() { ip netns exec "$ns" "$@"; }

export RAY_USAGE_STATS_ENABLED=0 RAY_AUTH_MODE=token
RAY_AUTH_TOKEN=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
export RAY_AUTH_TOKEN

common=(--num-cpus=1 --object-store-memory=100000000 --disable-usage-stats)
in_ns "$ray" start --head --port="$port" --temp-dir="$temp" --include-dashboard=false \
  "${common[@]}" >"$temp/head.log" 2>&1 || { cat "$temp/head.log" >&2; exit 1; }
in_ns "$ray" start --address="127.0.0.1:$port" "${common[@]}" >"$temp/worker.log" 2>&1 \
  || { cat "$temp/worker.log" >&2; exit 1; }
echo "two-node Ray cluster at 127.0.0.1:$port (network namespace $ns)" >&2
in_ns timeout "$timeout" "$@"
