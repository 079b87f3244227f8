#!/usr/bin/env python3
"""The nemesis (issue 44): a cluster played through faults, then checked.

Three `mice-cake-server` nodes on a PostgreSQL and a Redis of the run's own
(`tests/services.sh`), each reached through a TCP proxy of this script's
that can cut or slow it; a balancer in front of the nodes (as
`docker/haproxy.cfg`: ready nodes first, by `/readyz`, then live ones, by
`/healthz`). Real clients, as players run them, all through the balancer:
games of two `mice-cake bot … --json` players (rated and casual rooms),
seekers (`bot play`, paired through the cluster's queue), watchers
(`watch CODE`), and an arena as long as the run, played by bots (`bot
arena join ID`) on whichever node the balancer gives them while one node
runs the arena. Meanwhile a random schedule of faults, one at a time:

  kill       a node killed (SIGKILL), started again 3 s later
  pause      a node stopped (SIGSTOP) for three leases, then let go on
  term       a node stopped as an operator does (SIGTERM), started again
  all        every node killed at once, all started again
  redis-empty Redis restarted, empty
  redis-away Redis cut off (the proxy refuses it) for 15 s
  redis-slow 200 ms added to everything to and from Redis for 10 s
  pg-restart PostgreSQL stopped for 5 s, then started again
  pg-slow    100 ms added to everything to and from PostgreSQL for 10 s

and, once, as the schedule ends:

  arena-end  every node killed half a second before the arena's end, all
             started again 3 s later: its players come back to an arena
             ending or over, and each must still be told how it ended

Then the drain: no more faults, every node up, no new clients; every
client is waited for. Then the checker, from what the clients saw and what
the servers kept:

- every client exited 0 (a game over, a watcher's room ended) — but for one
  started while no node took connections at all (every node killed), which
  is told at once that the server cannot be reached, as documented, and is
  counted apart (a room's second player so refused tries again a second
  later, as a person would: its room's creator waits for it);
- every seal the server acknowledged to a player (its `sealed` event for
  the player's own move) is the one in the game's record, round by round
  — but the deal's seal of a pairing called off during its deal
  (`unpaired`), which its room dropped, as docs/protocol.md says;
- every `revealed` a client saw is the record's round report;
- every game ended by the rules (`played`): no forfeit, no abort — the
  bots never leave, so either is a game lost to a fault;
- every record verifies (the players' clients check each finished game
  with the engine and say `verified fair`);
- nobody paired twice for one seek (a second `paired` on one connection
  with no `unpaired` between; a client whose connection dropped seeks
  anew), and nobody waited for a pairing or the bot's offer longer than the
  bot's wait and a margin for the faults;
- every rated game rated once: in each player's page exactly once;
- the arena finished; every game its players saw end is one of its games,
  ended by the rules (or at its deal, nothing dealt, as above), says its
  arena and verifies; and its standings are its records recounted by the
  scoring of docs/arenas.md.

    python3 loadgen/nemesis.py --minutes 2 --server-bin B --client-bin C \\
        --services DIR --postgres URL --redis URL --out F

Prints what happened and the verdict; writes the figures as JSON to F; exit
status 1 when the checker found anything. Standard library only.
"""

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

LEASE = "2s"
LEASE_S = 2.0
PAIRING_ARRIVAL = "5s"
BOT_AFTER_S = 20
# Tries of a room's second bot refused while no node took connections.
JOIN_TRIES = 30
FAULTS = ["kill", "pause", "term", "all", "redis-empty", "redis-away", "redis-slow", "pg-restart", "pg-slow"]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def pipe(reader, writer, delay=lambda: 0.0):
    """Copies one way until either end closes, each chunk `delay()` late."""
    try:
        while data := await reader.read(65536):
            if late := delay():
                await asyncio.sleep(late)
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        try:
            writer.close()
        except (ConnectionError, OSError):
            pass


def say(text):
    print(f"[{time.strftime('%H:%M:%S')}] {text}", flush=True)


class Listener:
    """A loopback TCP listener that relays each connection (`relay`),
    and ends quietly when the run is torn down."""

    async def start(self):
        server = await asyncio.start_server(self.serve, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]

    async def serve(self, client_reader, client_writer):
        try:
            await self.relay(client_reader, client_writer)
        except asyncio.CancelledError:
            pass


class Proxy(Listener):
    """A TCP proxy in front of a service: passes, cuts or slows it."""

    def __init__(self, name, target_port):
        self.name, self.target_port = name, target_port
        self.port = None
        self.down = False
        self.delay = 0.0
        self.open = set()

    async def relay(self, client_reader, client_writer):
        if self.down:
            client_writer.close()
            return
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            client_writer.close()
            return
        pair = (client_writer, writer)
        self.open.add(pair)
        delay = lambda: self.delay  # noqa: E731 (read at each chunk)
        await asyncio.gather(pipe(client_reader, writer, delay), pipe(reader, client_writer, delay))
        self.open.discard(pair)

    def cut(self):
        self.down = True
        for pair in list(self.open):
            for writer in pair:
                writer.close()

    def heal(self):
        self.down = False
        self.delay = 0.0


class Node:
    """One `mice-cake-server` of the cluster, on a port it keeps across restarts."""

    def __init__(self, number, args, database, redis, logs):
        self.number, self.args, self.database, self.redis = number, args, database, redis
        self.port = free_port()
        self.data = tempfile.mkdtemp(prefix=f"node{number}-", dir=logs)
        self.log_path = os.path.join(logs, f"node{number}.log")
        self.process = None
        self.paused = False

    def start(self):
        log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [
                self.args.server_bin, "--bind", f"127.0.0.1:{self.port}", "--data-dir", self.data,
                "--database", self.database, "--cluster", self.redis, "--lease", LEASE,
                "--pairing-arrival", PAIRING_ARRIVAL, "--rate-one-address",
                "--new-rated-keys-per-hour", "0",
            ],
            stdout=subprocess.DEVNULL, stderr=log,
            env={**os.environ, "NO_COLOR": "1", "RUST_LOG": "info"},
        )
        self.paused = False

    @property
    def running(self):
        return self.process is not None and self.process.poll() is None

    def signal(self, number):
        if self.running:
            self.process.send_signal(number)

    def kill(self):
        self.signal(signal.SIGKILL)
        if self.process:
            self.process.wait()

    def health(self, path):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=1) as answer:
                return answer.status == 200
        except (urllib.error.URLError, OSError, ValueError):
            return False


class Balancer(Listener):
    """In front of the nodes, as docker/haproxy.cfg: ready nodes (`/readyz`)
    in turn, else live ones (`/healthz`)."""

    def __init__(self, nodes):
        self.nodes = nodes
        self.ready, self.alive = [], []
        self.turn = 0
        self.port = None

    async def watch(self):
        while True:
            ready, alive = [], []
            for node in self.nodes:
                if node.paused or not node.running:
                    continue
                if await asyncio.to_thread(node.health, "/readyz"):
                    ready.append(node.port)
                elif await asyncio.to_thread(node.health, "/healthz"):
                    alive.append(node.port)
            self.ready, self.alive = ready, alive
            await asyncio.sleep(0.3)

    async def relay(self, client_reader, client_writer):
        for ports in (self.ready, self.alive):
            for _ in range(len(ports)):
                port = ports[self.turn % len(ports)]
                self.turn += 1
                try:
                    reader, writer = await asyncio.open_connection("127.0.0.1", port)
                except OSError:
                    continue
                await asyncio.gather(pipe(client_reader, writer), pipe(reader, client_writer))
                return
        client_writer.close()


class Client:
    """A `mice-cake … --json` process and every line it wrote, with when."""

    def __init__(self, kind, name, command, url, args, logs):
        self.kind, self.name = kind, name
        self.command, self.url, self.args = command, url, args
        self.state = tempfile.mkdtemp(prefix=f"{name}-", dir=logs)
        self.lines = []  # (monotonic, parsed JSON)
        self.process = None
        self.code = None
        self.started = None
        self.exit = None

    async def run(self, on_line=None):
        self.started = time.monotonic()
        mode, *rest = self.command
        self.process = await asyncio.create_subprocess_exec(
            self.args.client_bin, mode, "--server", self.url, "--name", self.name, "--json", *rest,
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            env={**os.environ, "MICE_CAKE_STATE_DIR": self.state, "NO_COLOR": "1"},
        )
        while line := await self.process.stdout.readline():
            try:
                message = json.loads(line)
            except ValueError:
                message = {"type": "text", "text": line.decode(errors="replace").rstrip()}
            self.lines.append((time.monotonic(), message))
            if self.code is None and message.get("type") == "joined":
                self.code = message["state"]["code"]
            if on_line:
                on_line(message)
        self.exit = await self.process.wait()

    def events(self, kind):
        return [message["event"] for _, message in self.lines if message.get("type") == "event" and message["event"].get("kind") == kind]

    def events_since_called_off(self, kind):
        """As `events`, after the last pairing called off (`unpaired`): a
        pairing called off during its deal drops that deal with its room
        (docs/protocol.md), so its seals belong to no game's record."""
        last = max((index for index, (_, message) in enumerate(self.lines)
                    if message.get("type") == "unpaired"), default=-1)
        return [message["event"] for _, message in self.lines[last + 1:]
                if message.get("type") == "event" and message["event"].get("kind") == kind]

    def typed(self, kind):
        return [(at, message) for at, message in self.lines if message.get("type") == kind]

    def seat(self):
        seats = [message.get("seat") for _, message in self.lines if message.get("type") == "joined" and message.get("seat")]
        return seats[-1] if seats else None

    def not_admitted(self):
        """Whether it exited at once, never greeted, the server unreachable."""
        welcomed = any(message.get("type") == "welcome" for _, message in self.lines)
        return self.exit == 1 and not welcomed and "cannot reach the server" in self.tail(1)

    def rooms(self):
        """Every room it was paired into or seated in."""
        codes = {message.get("code") for _, message in self.lines if message.get("type") == "paired"}
        codes |= {message["state"]["code"] for _, message in self.lines if message.get("type") == "joined"}
        return {code for code in codes if code}

    def seek_ended_by_a_stop(self):
        """Whether it sought, was never paired, and its node stopping ended the seek."""
        kinds = [message.get("type") for _, message in self.lines]
        ended = [message for _, message in self.lines if message.get("type") == "seek_ended"]
        return (self.kind == "seeker" and self.exit == 1 and "paired" not in kinds and "bot_offered" not in kinds
                and any("shutting down" in message.get("reason", "") for message in ended))

    def tail(self, count=6):
        return "\n".join(json.dumps(message)[:300] for _, message in self.lines[-count:])


class Run:
    def __init__(self, args):
        self.args = args
        self.logs = tempfile.mkdtemp(prefix="nemesis-")
        self.clients = []
        self.faults = []
        self.stopping = False
        self.numbers = iter(range(1, 1_000_000))

    async def setup(self):
        args = self.args
        database = f"nemesis_{os.getpid()}"
        subprocess.run(["psql", args.postgres, "-q", "-c", f"CREATE DATABASE {database}"], check=True)
        pg_port = int(args.postgres.rsplit(":", 1)[1].split("/")[0])
        redis_port = int(args.redis.rsplit(":", 1)[1].split("/")[0])
        self.pg_proxy = Proxy("PostgreSQL", pg_port)
        self.redis_proxy = Proxy("Redis", redis_port)
        await self.pg_proxy.start()
        await self.redis_proxy.start()
        database_url = f"postgres://mc@127.0.0.1:{self.pg_proxy.port}/{database}"
        redis_url = f"redis://127.0.0.1:{self.redis_proxy.port}"
        self.nodes = [Node(number, args, database_url, redis_url, self.logs) for number in range(3)]
        for node in self.nodes:
            node.start()
        for node in self.nodes:
            await self.until(lambda node=node: node.health("/readyz"), 30, f"node {node.number} ready")
        self.balancer = Balancer(self.nodes)
        await self.balancer.start()
        asyncio.create_task(self.balancer.watch())
        self.url = f"ws://127.0.0.1:{self.balancer.port}"
        say(f"3 nodes up; balancer on {self.balancer.port}; logs in {self.logs}")

    def stop_everything(self):
        for node in getattr(self, "nodes", []):
            if node.running:
                node.signal(signal.SIGCONT)
                node.kill()
        for client in self.clients:
            if client.process and client.process.returncode is None:
                try:
                    client.process.kill()
                except ProcessLookupError:
                    pass

    @staticmethod
    async def until(check, seconds, what):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if await asyncio.to_thread(check):
                return
            await asyncio.sleep(0.2)
        raise RuntimeError(f"no {what} in {seconds} s")

    # -- the players --------------------------------------------------------

    def client(self, kind, command):
        client = Client(kind, f"{kind[0]}{next(self.numbers)}", command, self.url, self.args, self.logs)
        self.clients.append(client)
        return client

    async def game(self):
        """A room of two bots, rated or casual, and now and then a watcher."""
        rated = random.random() < 0.5
        think = f"{random.randint(50, 400)}ms"
        room = ["--rated", "--deadline", "60s"] if rated else ["--deadline", "0s"]
        creator = self.client("game", ["bot", "--policy", "random", "--think", think, "create", *room])
        created = asyncio.get_running_loop().create_future()

        def on_line(message):
            if message.get("type") == "joined" and not created.done():
                created.set_result(message["state"]["code"])

        creating = asyncio.create_task(creator.run(on_line))
        try:
            code = await asyncio.wait_for(asyncio.shield(created), 60)
        except asyncio.TimeoutError:
            await creating
            return
        tasks = [creating, asyncio.create_task(self.join(code, think))]
        if random.random() < 0.4:
            watcher = self.client("watcher", ["watch", code])
            tasks.append(asyncio.create_task(watcher.run()))
        await asyncio.gather(*tasks)

    async def join(self, code, think):
        """The second bot of a room. One refused at once, while no node took
        connections, tries again a second later, as a person would: the
        room's creator is waiting for it."""
        for _ in range(JOIN_TRIES):
            joiner = self.client("game", ["bot", "--policy", "greedy", "--think", think, "join", code])
            await joiner.run()
            if not joiner.not_admitted():
                return
            await asyncio.sleep(1)

    async def seeker(self):
        think = f"{random.randint(50, 300)}ms"
        client = self.client("seeker", ["bot", "--policy", "greedy", "--think", think, "play", "--bot-after", f"{BOT_AFTER_S}s"])
        await client.run()

    async def arena(self):
        """Makes the run's arena, as long as the run: its id."""
        minutes = max(1, round(self.args.minutes))
        for _ in range(JOIN_TRIES):
            made = await asyncio.to_thread(
                subprocess.run,
                [self.args.client_bin, "--server", self.url, "arena", "create", "--minutes", str(minutes), "--name", "Nemesis"],
                capture_output=True, text=True,
                env={**os.environ, "MICE_CAKE_STATE_DIR": tempfile.mkdtemp(prefix="arena-", dir=self.logs)})
            if made.returncode == 0:
                return made.stdout.split("\n", 1)[0].strip()
            await asyncio.sleep(1)
        raise RuntimeError(f"no arena made: {made.stderr}")

    async def arena_player(self, arena_id, number):
        """One of the arena's bots, to the arena's end. One refused at once,
        while no node took connections, tries again a second later."""
        think = f"{random.randint(50, 300)}ms"
        policy = ["greedy", "random", "strong"][number % 3]
        for _ in range(JOIN_TRIES):
            player = self.client("arena", ["bot", "--policy", policy, "--think", think, "arena", "join", arena_id])
            await player.run()
            if not player.not_admitted():
                return
            await asyncio.sleep(1)

    async def keep(self, count, make):
        """Keeps `count` of `make` going until the drain."""
        running = set()
        while not self.stopping:
            while len(running) < count and not self.stopping:
                running.add(asyncio.create_task(make()))
                await asyncio.sleep(random.uniform(0.1, 1.0))
            done, running = await asyncio.wait(running, timeout=1, return_when=asyncio.FIRST_COMPLETED)
        if running:
            await asyncio.wait(running)

    # -- the faults ---------------------------------------------------------

    def services(self, action, service):
        subprocess.run(["bash", "tests/services.sh", action, self.args.services, service], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    async def fault(self, kind):
        node = random.choice(self.nodes)
        started = time.monotonic()
        if kind == "kill":
            node.kill()
            await asyncio.sleep(3)
            node.start()
        elif kind == "pause":
            node.paused = True
            node.signal(signal.SIGSTOP)
            await asyncio.sleep(3 * LEASE_S)
            node.signal(signal.SIGCONT)
            node.paused = False
        elif kind == "term":
            node.signal(signal.SIGTERM)
            await asyncio.to_thread(node.process.wait)
            node.start()
        elif kind in ("all", "arena-end"):
            for each in self.nodes:
                each.kill()
            await asyncio.sleep(2 if kind == "all" else 3)
            for each in self.nodes:
                each.start()
        elif kind == "redis-empty":
            await asyncio.to_thread(self.services, "stop", "redis")
            await asyncio.to_thread(self.services, "start", "redis")
        elif kind == "redis-away":
            self.redis_proxy.cut()
            await asyncio.sleep(15)
            self.redis_proxy.heal()
        elif kind == "redis-slow":
            self.redis_proxy.delay = 0.2
            await asyncio.sleep(10)
            self.redis_proxy.heal()
        elif kind == "pg-restart":
            await asyncio.to_thread(self.services, "stop", "postgres")
            await asyncio.sleep(5)
            await asyncio.to_thread(self.services, "start", "postgres")
        elif kind == "pg-slow":
            self.pg_proxy.delay = 0.1
            await asyncio.sleep(10)
            self.pg_proxy.heal()
        target = f" node {node.number}" if kind in ("kill", "pause", "term") else ""
        self.faults.append({"fault": kind, "node": node.number if target else None, "seconds": round(time.monotonic() - started, 1)})
        say(f"fault: {kind}{target} ({self.faults[-1]['seconds']} s)")

    async def end_arena_in_a_fault(self):
        """The `arena-end` fault, timed by the arena's end as a node says
        it (at once if that passed, or if no node says)."""
        arena = await asyncio.to_thread(self.api, f"/api/arenas/{self.arena_id}")
        if arena and arena.get("status") != "finished":
            ahead = arena["ends_at_ms"] / 1000 - time.time() - 0.5
            await asyncio.sleep(min(max(ahead, 0), 60))
        await self.fault("arena-end")

    async def schedule(self, until):
        # Every kind once before any twice, in a random order, so that a
        # short run meets as many as it can.
        order = []
        while time.monotonic() < until:
            if not order:
                order = random.sample(FAULTS, len(FAULTS))
            await asyncio.sleep(random.uniform(4, 8))
            if time.monotonic() >= until:
                break
            await self.fault(order.pop())

    async def main(self):
        await self.setup()
        begun = time.monotonic()
        until = begun + self.args.minutes * 60
        self.arena_id = await self.arena()
        say(f"arena {self.arena_id}: {self.args.arena_players} bots")
        workloads = [
            asyncio.create_task(self.keep(self.args.games, self.game)),
            asyncio.create_task(self.keep(self.args.seekers, self.seeker)),
            *(asyncio.create_task(self.arena_player(self.arena_id, number)) for number in range(self.args.arena_players)),
        ]
        await self.schedule(until)
        await self.end_arena_in_a_fault()
        say("drain: no more faults, no new players")
        self.stopping = True
        for node in self.nodes:
            if node.paused:
                node.signal(signal.SIGCONT)
            if not node.running:
                node.start()
        try:
            await asyncio.wait_for(asyncio.gather(*workloads), self.args.drain)
        except asyncio.TimeoutError:
            say(f"clients still running after {self.args.drain} s of drain")
        for client in self.clients:
            if client.process and client.process.returncode is None:
                client.process.kill()
        return await self.check(time.monotonic() - begun)

    # -- the checker --------------------------------------------------------

    def api(self, path):
        for node in self.nodes:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{node.port}{path}", timeout=5) as answer:
                    return json.load(answer)
            except (urllib.error.URLError, OSError, ValueError):
                continue
        return None

    def verify(self, game_id, record):
        """`mice-cake verify` on a finished game as served: None when fair."""
        path = os.path.join(self.logs, f"game-{game_id}.json")
        with open(path, "w") as out:
            json.dump(record, out)
        checked = subprocess.run([self.args.client_bin, "verify", "--plain", path], capture_output=True, text=True)
        return None if checked.returncode == 0 else (checked.stdout + checked.stderr).strip()[-400:]

    async def check(self, seconds):
        problems = []
        # What each client saw, for whoever looks into a problem.
        for client in self.clients:
            with open(os.path.join(self.logs, f"{client.name}.jsonl"), "w") as out:
                out.writelines(json.dumps(message) + "\n" for _, message in client.lines)
        figures = {"minutes": self.args.minutes, "seconds": round(seconds), "faults": len(self.faults),
                   "fault_kinds": sorted({fault["fault"] for fault in self.faults})}
        players = [client for client in self.clients if client.kind in ("game", "seeker")]
        games, seals, reveals = {}, 0, 0
        aborted_at_deal = set()
        not_admitted = 0
        ended_by_stop = 0
        for client in self.clients:
            if client.seek_ended_by_a_stop():
                # Its node stopped (SIGTERM) as it sought: told so at once
                # (`seek_ended`, docs/protocol.md), nothing lost.
                ended_by_stop += 1
                continue
            if client.not_admitted():
                # Started while no node took connections (every node killed):
                # refused at once and clearly, as documented; nothing lost.
                not_admitted += 1
                continue
            if client.exit != 0:
                problems.append(f"{client.name} ({' '.join(client.command)}) exited {client.exit}:\n{client.tail()}")
        for client in players:
            over = client.events("game_over")
            if not over:
                continue
            game_id = over[-1].get("game_id")
            seat = client.seat()
            ending = over[-1]["result"]["ending"]
            if ending.get("kind") == "aborted" and not client.events_since_called_off("dealt"):
                # Ended at its deal, nothing dealt: a rated room's deal waits
                # for nobody (docs/ratings.md), and a fault kept a player
                # away longer than the deal's time. Nobody is rated; counted
                # apart — unless the absent player's client went to another
                # room meanwhile (then the game was lost to a fault).
                aborted_at_deal.add(game_id)
                continue
            if ending.get("kind") != "played":
                problems.append(f"{client.name}'s game {game_id} ended {json.dumps(ending)}")
            if not any("verified fair" in str(message.get("message", "")) for _, message in client.lines):
                problems.append(f"{client.name} did not say its game {game_id} verified fair:\n{client.tail()}")
            record = games.get(game_id) or await asyncio.to_thread(self.api, f"/api/games/{game_id}")
            if not record or "record" not in record:
                problems.append(f"the record of {client.name}'s game {game_id} cannot be read: {json.dumps(record)[:300]}")
                continue
            if game_id not in games:
                games[game_id] = record
                verdict = await asyncio.to_thread(self.verify, game_id, record)
                if verdict:
                    problems.append(f"the record of {game_id} does not verify: {verdict}")
            fair = record["record"]["fair"]
            for event in client.events_since_called_off("sealed"):
                if event["seat"] != seat or event.get("by_server"):
                    continue
                seals += 1
                kept = fair["deal"] if event["round"] == 0 else (fair["rounds"][event["round"] - 1] if event["round"] <= len(fair["rounds"]) else None)
                if not kept or kept["seals"].get(seat) != event["seal"]:
                    problems.append(f"{client.name}'s acknowledged seal of round {event['round']} is not in {game_id}'s record")
            reports = record["record"]["rounds"]
            for event in client.events_since_called_off("revealed"):
                reveals += 1
                number = event["report"]["round"]
                if number > len(reports) or reports[number - 1] != event["report"]:
                    problems.append(f"{client.name} saw round {number} of {game_id} revealed otherwise than its record says")
            if (record.get("rated") or {}).get("ratings"):
                key = record["rated"]["keys"][seat]
                page = await asyncio.to_thread(self.api, f"/api/players/{key}")
                times = [game["id"] for game in (page or {}).get("recent", [])].count(game_id)
                if times != 1:
                    problems.append(f"rated game {game_id} is in {client.name}'s page {times} times")
        by_name = {client.name: client for client in self.clients}
        for game_id in aborted_at_deal:
            ended = await asyncio.to_thread(self.api, f"/api/games/{game_id}")
            if not ended:
                problems.append(f"game {game_id}, ended at its deal, cannot be read")
                continue
            absent = ended["result"]["ending"].get("seat")
            name = (ended["players"].get(absent) or "").split(" (")[0]
            elsewhere = by_name[name].rooms() - {ended["room"]} if name in by_name else {"?"}
            if elsewhere:
                problems.append(f"game {game_id} ended at its deal while its {absent} player {name} was in {sorted(elsewhere)}")
        problems.extend(await self.check_arena(figures))
        figures.update({"games": len(games), "rated_games": sum(1 for record in games.values() if (record.get("rated") or {}).get("ratings")),
                        "acknowledged_seals": seals, "reveals_checked": reveals})
        # Seekers: paired at most once per pairing not called off, and never
        # waiting past the bot's offer and a margin for the faults.
        margin = BOT_AFTER_S + 30
        waits = []
        for client in (client for client in self.clients if client.kind == "seeker"):
            if client.not_admitted() or client.seek_ended_by_a_stop():
                continue
            # One seek, one pairing: a second `paired` on one connection
            # needs the first called off (`unpaired`) in between. A
            # connection lost before the seat was taken seeks anew.
            paired_now = False
            for _, message in client.lines:
                kind = message.get("type")
                if kind == "welcome":
                    paired_now = False
                elif kind == "unpaired":
                    paired_now = False
                elif kind == "paired":
                    if paired_now:
                        problems.append(f"{client.name} was paired twice for one seek:\n{client.tail(12)}")
                    paired_now = True
            answered = [at for at, message in client.lines if message.get("type") in ("paired", "bot_offered")]
            if answered:
                waits.append(answered[0] - client.started)
            elif client.exit is not None:
                problems.append(f"{client.name} was never paired nor offered the bot:\n{client.tail()}")
        if waits and max(waits) > margin:
            problems.append(f"a seeker waited {max(waits):.1f} s for a pairing or the bot (more than {margin} s)")
        figures.update({
            "clients": len(self.clients),
            "clients_not_admitted": not_admitted,
            "seeks_ended_by_a_node_stopping": ended_by_stop,
            "games_aborted_at_the_deal": len(aborted_at_deal),
            "seekers": len(waits),
            "seeker_wait_max_s": round(max(waits), 1) if waits else None,
            "pairings_called_off": sum(len(client.typed("unpaired")) for client in self.clients),
            "problems": len(problems),
        })
        for problem in problems[:40]:
            print(f"PROBLEM: {problem}", flush=True)
        say("figures: " + json.dumps(figures))
        if self.args.out:
            with open(self.args.out, "w") as out:
                json.dump({**figures, "faults_in_order": self.faults, "problems_found": problems}, out, indent=2)
        for node in self.nodes:
            node.kill()
        if not problems:
            say(f"no game lost to a fault: {figures['games']} games, {seals} acknowledged seals, {reveals} reveals, {len(self.faults)} faults")
        return 1 if problems else 0


    async def check_arena(self, figures):
        """The arena's checks (see the module's docs); its figures go in
        `figures`."""
        problems = []
        arena = await asyncio.to_thread(self.api, f"/api/arenas/{self.arena_id}")
        if not arena:
            return [f"arena {self.arena_id} cannot be read"]
        if arena["status"] != "finished":
            problems.append(f"arena {self.arena_id} is {arena['status']} after the drain")
        listed = set(arena.get("game_ids", []))
        records, aborted = {}, 0
        for client in (client for client in self.clients if client.kind == "arena"):
            for event in client.events("game_over"):
                game_id = event.get("game_id")
                if game_id not in listed:
                    problems.append(f"{client.name}'s arena game {game_id} is not one of arena {self.arena_id}'s")
                ending = event["result"]["ending"]
                if ending.get("kind") == "aborted":
                    aborted += 1
                elif ending.get("kind") != "played":
                    problems.append(f"{client.name}'s arena game {game_id} ended {json.dumps(ending)}")
        for game_id in arena.get("game_ids", []):
            record = await asyncio.to_thread(self.api, f"/api/games/{game_id}")
            if not record or "record" not in record:
                problems.append(f"the record of arena game {game_id} cannot be read")
                continue
            if record.get("arena") != self.arena_id:
                problems.append(f"arena game {game_id} says arena {record.get('arena')}")
            verdict = await asyncio.to_thread(self.verify, game_id, record)
            if verdict:
                problems.append(f"the record of arena game {game_id} does not verify: {verdict}")
            records[game_id] = record
        # The standings, recounted from the records in the order the arena
        # counted them (docs/arenas.md).
        tally, streak = {}, {}
        for record in records.values():
            ending = record["result"]["ending"].get("kind")
            if ending == "aborted":
                continue
            winner = record["result"].get("winner")
            for seat in ("yellow", "blue"):
                key = ((record["record"].get("fair") or {}).get("keys") or {}).get(seat)
                won = winner == seat
                drew = winner is None and ending != "abandoned"
                points = (2 if won else 1 if drew else 0) * (2 if streak.get(key, 0) >= 2 else 1)
                score, played = tally.get(key, (0, 0))
                tally[key] = (score + points, played + 1)
                streak[key] = streak.get(key, 0) + 1 if won else 0
        for line in arena.get("standings", []):
            if tally.get(line["key"], (0, 0)) != (line["score"], line["games"]):
                problems.append(f"arena standing {line['name']}: {line['score']} points in {line['games']} games; "
                                f"the records say {tally.get(line['key'], (0, 0))}")
        figures.update({"arena_games": len(records), "arena_games_aborted_at_the_deal": aborted,
                        "arena_players": len(arena.get("standings", []))})
        return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, required=True)
    parser.add_argument("--server-bin", required=True)
    parser.add_argument("--client-bin", required=True)
    parser.add_argument("--services", required=True, help="tests/services.sh's directory (to restart them)")
    parser.add_argument("--postgres", required=True)
    parser.add_argument("--redis", required=True)
    parser.add_argument("--games", type=int, default=6, help="games going at once")
    parser.add_argument("--seekers", type=int, default=4, help="seekers going at once")
    parser.add_argument("--arena-players", type=int, default=4, help="bots playing the run's arena")
    parser.add_argument("--drain", type=float, default=240, help="longest wait for the clients after the faults")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--out")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    random.seed(seed)
    say(f"nemesis: {args.minutes} min, seed {seed}")
    run = Run(args)
    # Stopped from outside (CI giving up), it still leaves nothing running.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    try:
        status = asyncio.run(run.main())
    finally:
        # Whatever happened, nothing of the run is left running.
        run.stop_everything()
    sys.exit(status)


if __name__ == "__main__":
    main()
