#!/usr/bin/env python3
"""Takeover time of a cluster after `kill -9` (issue 17), for loadgen/bench.sh.

Three server nodes on one PostgreSQL and one Redis, a round-robin TCP
balancer in front (no stickiness, a dead node skipped), and ROOMS rooms of
two `mice-cake --plain` players that think about THINK seconds per round and, when
their connection drops, reconnect through the balancer and resume by
themselves. Then KILLS times: the node owning the most rooms is killed with
SIGKILL, and for each room it owned the time from the kill to the room's
next reveal (a `Round N:` line at either player, once one has reconnected)
is one sample: lease expiry, takeover, reconnection, resumption and the
last player's think time. A fresh node replaces the dead one. Rooms whose
game ends are replaced by new ones.

    python3 loadgen/takeover.py --server-bin B --client-bin C --database URL \\
        --redis URL [--kills 20] [--rooms 12] [--lease 5s] [--think 0.3] --out F

Prints a summary and writes the samples with p50/p99/max as JSON to F.
Standard library only.
"""

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time


def percentile(samples, fraction):
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


class Balancer:
    """A round-robin TCP proxy over the nodes' addresses."""

    def __init__(self):
        self.upstreams = []
        self.turn = 0
        self.server = None

    async def start(self):
        self.server = await asyncio.start_server(self.serve, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def serve(self, client_reader, client_writer):
        for _ in range(len(self.upstreams)):
            port = self.upstreams[self.turn % len(self.upstreams)]
            self.turn += 1
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                continue
            await asyncio.gather(
                self.pipe(client_reader, writer), self.pipe(reader, client_writer)
            )
            return
        client_writer.close()

    @staticmethod
    async def pipe(reader, writer):
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            try:
                writer.close()
            except (ConnectionError, OSError):
                pass


class Node:
    """One `mice-cake-server` of the cluster."""

    def __init__(self, args, logs):
        data = tempfile.mkdtemp(prefix="node-", dir=logs)
        self.log_path = os.path.join(data, "log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [
                args.server_bin, "--bind", "127.0.0.1:0", "--data-dir", data,
                "--database", args.database, "--cluster", args.redis,
                "--lease", args.lease,
            ],
            stdout=subprocess.DEVNULL, stderr=self.log,
            env={**os.environ, "NO_COLOR": "1", "RUST_LOG": "info"},
        )
        self.port = None
        self.name = None

    async def started(self):
        for _ in range(300):
            text = open(self.log_path).read()
            port = re.search(r"listening.*addr=127\.0\.0\.1:(\d+)", text)
            name = re.search(r"joined the cluster.*node=(\S+)", text)
            if port and name:
                self.port, self.name = int(port.group(1)), name.group(1).strip('"')
                return
            if self.process.poll() is not None:
                sys.exit(f"a node did not start:\n{text}")
            await asyncio.sleep(0.1)
        sys.exit(f"a node did not start in time:\n{open(self.log_path).read()}")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


class Player:
    """A `mice-cake --plain` process answering each prompt after THINK."""

    def __init__(self, room, name):
        self.room, self.name = room, name
        self.process = None
        self.reveals = []  # monotonic times of `Round N:` lines
        self.reconnects = []  # and of `reconnected`
        self.over = False

    async def start(self, args, url, command, clients):
        # A directory of its own for its kept seat: one per room and player.
        state = os.path.join(clients, self.name)
        os.makedirs(state, exist_ok=True)
        self.process = await asyncio.create_subprocess_exec(
            args.client_bin, "--server", url, "--name", self.name, "--plain", *command,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            env={**os.environ, "MICE_CAKE_STATE_DIR": state},
        )

    async def lines(self):
        while line := await self.process.stdout.readline():
            yield line.decode(errors="replace").rstrip("\n")

    async def play(self, think):
        async for line in self.lines():
            if os.environ.get("TAKEOVER_TRACE"):
                print(f"{time.monotonic():.2f} {self.name}: {line}", file=sys.stderr)
            if line.startswith("Round "):
                self.reveals.append(time.monotonic())
            elif line == "reconnected":
                self.reconnects.append(time.monotonic())
            elif "like: " in line and "type your assignment" in line:
                await asyncio.sleep(think * random.uniform(0.5, 1.5))
                try:
                    self.process.stdin.write((line.rsplit("like: ", 1)[1] + "\n").encode())
                    await self.process.stdin.drain()
                except (ConnectionError, OSError):
                    return
            elif line.startswith("Game over: "):
                self.over = True
                self.process.stdin.close()
        self.over = True

    def stop(self):
        if self.process and self.process.returncode is None:
            self.process.kill()


class Room:
    def __init__(self, number, state):
        self.state = state
        self.code = None
        self.players = [Player(self, f"a{number}"), Player(self, f"b{number}")]

    async def open(self, args, url):
        ann, bob = self.players
        await ann.start(args, url, ["create", "--deadline", "0s"], self.state)
        async for line in ann.lines():
            if "you are Yellow" in line:
                self.code = line.split()[1]
                break
        if self.code is None:
            raise RuntimeError("the room was not created")
        await bob.start(args, url, ["join", self.code], self.state)
        self.tasks = [asyncio.create_task(p.play(args.think)) for p in self.players]

    @property
    def over(self):
        return any(p.over for p in self.players)

    def reveal_after(self, moment):
        """The first reveal after a player came back from `moment` on: one
        already on its way at the kill does not count."""
        back = [t for p in self.players for t in p.reconnects if t > moment]
        if not back:
            return None
        times = [t for p in self.players for t in p.reveals if t > min(back)]
        return min(times) if times else None

    def stop(self):
        for player in self.players:
            player.stop()


def owners(database):
    """Room code → owning node, from the database."""
    out = subprocess.run(
        ["psql", database, "-At", "-F", " ", "-c", "SELECT code, node FROM room_owners"],
        capture_output=True, text=True, check=True,
    ).stdout
    return dict(line.split(" ", 1) for line in out.splitlines() if " " in line)


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server-bin", required=True)
    parser.add_argument("--client-bin", required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument("--redis", required=True)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--rooms", type=int, default=12)
    parser.add_argument("--lease", default="5s")
    parser.add_argument("--think", type=float, default=0.3)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    # The nodes' data and logs, and the clients' kept seats: removed at the end.
    logs = tempfile.mkdtemp(prefix="mc-takeover-")
    nodes = [Node(args, logs) for _ in range(3)]
    for node in nodes:
        await node.started()
    balancer = Balancer()
    balancer.upstreams = [node.port for node in nodes]
    url = f"ws://127.0.0.1:{await balancer.start()}"
    rooms = []
    numbered = 0
    samples = []
    try:
        async def keep_rooms():
            nonlocal numbered
            for room in [r for r in rooms if r.over]:
                room.stop()
                rooms.remove(room)
            while len(rooms) < args.rooms:
                numbered += 1
                state = os.path.join(logs, f"client-{numbered}")
                os.makedirs(state)
                room = Room(numbered, state)
                await room.open(args, url)
                rooms.append(room)

        await keep_rooms()
        for kill in range(args.kills):
            # Every room under way before the kill.
            await asyncio.sleep(3 * args.think + 1)
            await keep_rooms()
            await asyncio.sleep(2 * args.think + 1)
            owned = owners(args.database)
            by_node = {}
            for room in rooms:
                if not room.over and room.code in owned:
                    by_node.setdefault(owned[room.code], []).append(room)
            victim = max(nodes, key=lambda node: len(by_node.get(node.name, [])))
            affected = by_node.get(victim.name, [])
            killed_at = time.monotonic()
            victim.kill()
            nodes.remove(victim)
            balancer.upstreams = [node.port for node in nodes]
            fresh = Node(args, logs)
            await fresh.started()
            nodes.append(fresh)
            balancer.upstreams = [node.port for node in nodes]
            give_up = killed_at + 120
            waiting = list(affected)
            while waiting and time.monotonic() < give_up:
                for room in list(waiting):
                    reveal = room.reveal_after(killed_at)
                    if reveal is not None:
                        samples.append(reveal - killed_at)
                        waiting.remove(room)
                    elif room.over:
                        waiting.remove(room)
                await asyncio.sleep(0.05)
            lost = len(waiting)
            print(f"kill {kill + 1}: {len(affected)} rooms on the node, "
                  f"{len(affected) - lost} revealed again"
                  + (f", {lost} NOT within 120 s" if lost else ""), flush=True)
    finally:
        for room in rooms:
            room.stop()
        for node in nodes:
            node.kill()
        # The balancer's connections end with their clients: quietly.
        asyncio.get_running_loop().set_exception_handler(lambda *_: None)
        balancer.server.close()
        shutil.rmtree(logs, ignore_errors=True)

    report = {
        "scenario": "takeover",
        "kills": args.kills,
        "rooms": args.rooms,
        "lease": args.lease,
        "think_s": args.think,
        "samples_s": [round(s, 3) for s in samples],
    }
    if samples:
        report.update(
            p50_s=round(percentile(samples, 0.50), 3),
            p99_s=round(percentile(samples, 0.99), 3),
            max_s=round(max(samples), 3),
            mean_s=round(statistics.mean(samples), 3),
        )
        print(f"takeover after kill -9 (lease {args.lease}), {len(samples)} rooms over "
              f"{args.kills} kills: p50 {report['p50_s']:.2f} s, p99 {report['p99_s']:.2f} s, "
              f"max {report['max_s']:.2f} s")
    with open(args.out, "w") as out:
        json.dump(report, out, indent=1)


if __name__ == "__main__":
    asyncio.run(main())
