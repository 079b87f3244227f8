#!/usr/bin/env python3
"""The nemesis (issues 44 and 60): a cluster played through faults, then checked.

Three `mice-cake-server` nodes on a PostgreSQL and a Redis of the run's own
(`tests/services.sh`), each reached through a TCP proxy of this script's
that can cut or slow it; a balancer in front of the nodes that behaves as
HAProxy with `docker/haproxy.cfg` does: ready nodes first, by `/readyz`,
then live ones, by `/healthz`, each known only by its health checks (the
interval, failures and successes of haproxy.cfg's `default-server`) — so a
node stopped or killed gets new connections until its checks have failed
enough, a stopped one's waiting in its accept queue. Real clients, as
players run them, half through the balancer and half straight to one node
(one address per person, kept for all it does, as someone given a node's
address would): games of two `mice-cake bot … --json` players (rated and
casual rooms), seekers (`bot play`, paired through the cluster's queue),
watchers (`watch CODE`), and an arena as long as the run, played by bots
(`bot arena join ID`) on whichever node they reach while one node runs the
arena. Meanwhile a random schedule of faults, one at a time, every kind
once before any twice, the first three being issue 60's (`pause`, `all`
while arena games go on, `pairing-kill`, in a random order) so that even a
short run meets them with time left to see what they cost:

  kill       a node killed (SIGKILL), started again 3 s later
  pause      a node stopped (SIGSTOP) for two and a half leases, then let
             go on: its rooms are taken over meanwhile, and the balancer
             still lists it for part of that time
  term       a node stopped as an operator does (SIGTERM), started again
  all        every node killed at once, all started again (while arena
             games are under way)
  pairing-kill the node that makes a pairing's room killed (SIGKILL) 1–5 ms
             after it logs making it (so before either seat is taken: the
             seekers' nodes hear of it up to 250 ms later), started again
             3 s later; two more seekers come as it is set, so that a
             pairing is made soon (the nodes log their pairings' rooms,
             which this script reads as they are written)
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
  started while its address took no connections at all (its node, or
  every node, killed), which is told at once that the server cannot be
  reached, as documented, and is counted apart (a person so refused — a
  room's creator or second player, an arena player — tries again a second
  later, as a person would: its room's creator waits for it), and for a
  watcher that got in only as its room closed (its players had seen their
  game over and left; a fault had held the watcher up), told
  `unknown_room` as anyone coming late is, counted apart;
- every seal the server acknowledged to a player (its `sealed` event for
  the player's own move) is the one in the game's record, round by round
  — but the deal's seal of a pairing called off during its deal
  (`unpaired`), which its room dropped, as docs/protocol.md says;
- every `revealed` a client saw is the record's round report;
- no game lost by forfeit (`games_forfeited`): the bots never leave, and
  a player who kept trying must never lose, so any game that a client saw
  end in a forfeit (or both forfeiting), or that the cluster kept so
  (`/api/games`, for a player whose client gave up and never saw its
  end), is a game lost to a fault; nor any other game ended but by the
  rules (`played`): an abort after the deal is one too;
- every record verifies (the players' clients check each finished game
  with the engine and say `verified fair`);
- every match (a room in three is made to play to two wins) is proven
  whole by `mice-cake verify --match` from the cluster's answers — each
  of its games there, in order, chained, the score and winner right —
  and ended won, unless a fault made a player forfeit one of its games
  (then counted above); each of a match's games is checked as any game;
- nobody paired twice for one seek (a second `paired` on one connection
  with no `unpaired` between; a client whose connection dropped seeks
  anew), nobody waited for a pairing or the bot's offer longer than the
  bot's wait and a margin for the faults, and every seeker got a game
  (`seekers_without_a_game`: one that exited, or still waited at the
  drain's end, with nothing dealt since its last pairing called off);
- every rated game rated once: in each player's page exactly once;
- the arena finished; every game its players saw end is one of its games,
  ended by the rules (or at its deal, nothing dealt, as above), says its
  arena and verifies; its standings are its records recounted by the
  scoring of docs/arenas.md; and no player stopped being paired
  (`arena_players_unpaired`). A player out of a game is in the arena's
  queue, paired as soon as another waits (within 10 s if that one is the
  opponent it just played): so one that waited more than 20 s — since its
  last game ended, a pairing of it was called off, or it came back from a
  lost connection — while two others were paired with each other, twice
  (once is the odd one out when three wait, never twice), was left out of
  the queue; and one not paired for more than a minute and the
  longest fault meanwhile, while the arena ran, stopped being paired
  whoever else was (a game takes about 20 s).

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
import threading
import time
import urllib.error
import urllib.request

LEASE = "2s"
LEASE_S = 2.0
PAIRING_ARRIVAL = "5s"
# The `pause` fault's length in leases, as found from outside (issue 60):
# long enough for the node's rooms to be taken over, short enough for the
# balancer's checks to still list it for a while.
PAUSE_LEASES = 2.5
BOT_AFTER_S = 20
# What the pairing node logs as it makes a pair's room (server/src/pairing/
# cluster.rs), before it tells the seekers' nodes.
PAIRING_TARGET = "mice_cake_server::pairing::cluster"
PAIRED_LINE = b"paired across the cluster"
# Tries of a room's second bot refused while no node took connections.
JOIN_TRIES = 30
FAULTS = ["kill", "pause", "term", "all", "pairing-kill", "redis-empty", "redis-away", "redis-slow", "pg-restart", "pg-slow"]
# Played first, in a random order among themselves: what issue 60 found,
# so that even a short run meets them, with time left after to see what
# they cost (arena players through `all` must be paired again after it).
FIRST = ["pause", "all", "pairing-kill"]
# Endings in which a player lost by forfeit (`docs/protocol.md`): the bots
# never leave, so each is a game lost to a fault.
FORFEITS = ("forfeit", "abandoned")
# The share of rooms made for a match to two wins (docs/rules.md, "Matches").
MATCHES = 0.3
# An arena player not paired for this long (and the longest fault meanwhile)
# while the arena ran has stopped being paired: an arena game takes about
# 20 s, the wait for a free opponent at most another.
ARENA_IDLE_S = 60
# One that waited this long in the queue while two others were paired with
# each other, twice, was left out of it: a waiting player is paired at once,
# or within 10 s with the opponent it just played (docs/arenas.md); 10 s
# more for the news to come through the faults.
ARENA_LEFT_OUT_S = 20
# Pairings told within this of each other are one turn of the arena's.
SAME_PAIRING_S = 5


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
    """One `mice-cake-server` of the cluster, on a port it keeps across
    restarts. Its log goes through this script, which sees each line as it
    is written: `on_pairing(node, room)` is called (from the log's thread)
    the moment the node logs a pairing's room made on it."""

    def __init__(self, number, args, database, redis, logs):
        self.number, self.args, self.database, self.redis = number, args, database, redis
        self.port = free_port()
        self.data = tempfile.mkdtemp(prefix=f"node{number}-", dir=logs)
        self.log_path = os.path.join(logs, f"node{number}.log")
        self.process = None
        self.paused = False
        self.on_pairing = None

    def start(self):
        self.process = subprocess.Popen(
            [
                self.args.server_bin, "--bind", f"127.0.0.1:{self.port}", "--data-dir", self.data,
                "--database", self.database, "--cluster", self.redis, "--lease", LEASE,
                "--pairing-arrival", PAIRING_ARRIVAL, "--rate-one-address",
                "--new-rated-keys-per-hour", "0",
            ],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            # The pairing node's line for each room it makes for a pair.
            env={**os.environ, "NO_COLOR": "1", "RUST_LOG": f"info,{PAIRING_TARGET}=debug"},
        )
        threading.Thread(target=self.log, args=(self.process,), daemon=True).start()
        self.paused = False

    def log(self, process):
        with open(self.log_path, "ab") as log:
            for line in process.stderr:
                if PAIRED_LINE in line and self.on_pairing:
                    room = line.split(b"room=", 1)[-1].split()[0].decode(errors="replace") if b"room=" in line else "?"
                    self.on_pairing(self, process, room)
                log.write(line)
                log.flush()

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

    def health(self, path, timeout=1):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=timeout) as answer:
                return answer.status == 200
        except (urllib.error.URLError, OSError, ValueError):
            return False


def haproxy_checks(path="docker/haproxy.cfg"):
    """The health checks of docker/haproxy.cfg's `default-server` line:
    (interval in seconds, failures to mark a node down, successes to mark
    it up again)."""
    inter, fall, rise = 2.0, 2, 2
    try:
        with open(path) as config:
            for line in config:
                words = line.split()
                if words[:1] == ["default-server"]:
                    for name, value in zip(words, words[1:]):
                        if name == "inter":
                            inter = float(value[:-2]) / 1000 if value.endswith("ms") else float(value.rstrip("s"))
                        elif name == "fall":
                            fall = int(value)
                        elif name == "rise":
                            rise = int(value)
    except OSError:
        pass
    return inter, fall, rise


CHECK_INTER_S, CHECK_FALL, CHECK_RISE = haproxy_checks()


class Balancer(Listener):
    """In front of the nodes, as docker/haproxy.cfg: ready nodes (`/readyz`)
    in turn, else live ones (`/healthz`). Like HAProxy it knows a node only
    by its health checks — one every `inter`, each given `inter` to answer;
    a node is taken out after `fall` failures in a row and back after
    `rise` successes — so it keeps sending newcomers to a node stopped
    (SIGSTOP) or killed until its checks have failed enough: a connection
    to a stopped node waits in its accept queue, one refused goes to the
    next node (`option redispatch`)."""

    def __init__(self, nodes):
        self.nodes = nodes
        # Per backend, per node: whether it is up, and its run of checks.
        self.up = {path: [True] * len(nodes) for path in ("/readyz", "/healthz")}
        self.turn = 0
        self.port = None

    async def watch(self):
        await asyncio.gather(*(self.check(path, index) for path in self.up for index in range(len(self.nodes))))

    async def check(self, path, index):
        run = 0  # successes (> 0) or failures (< 0) in a row
        while True:
            began = time.monotonic()
            node = self.nodes[index]
            ok = await asyncio.to_thread(node.health, path, CHECK_INTER_S)
            run = max(run, 0) + 1 if ok else min(run, 0) - 1
            if run >= CHECK_RISE:
                self.up[path][index] = True
            elif -run >= CHECK_FALL:
                self.up[path][index] = False
            await asyncio.sleep(max(0.0, CHECK_INTER_S - (time.monotonic() - began)))

    async def relay(self, client_reader, client_writer):
        # `use_backend ready if { nbsrv(ready) gt 0 }`, else `alive`.
        ready = [node.port for node, up in zip(self.nodes, self.up["/readyz"]) if up]
        ports = ready or [node.port for node, up in zip(self.nodes, self.up["/healthz"]) if up]
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
        self.person = name  # the same person's clients, tried again, share it
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

    def games(self):
        """The games it played since the last pairing called off, each as
        its events by kind: a match's room plays several, one after the
        other, each from its `game_started` — or from the `joined` of a
        player who came back once the next game had started without it
        (a fault kept it away between two games of a match): its state
        then names a game the client has not seen start, and the seat it
        holds in it (seats change colour from one game to the next)."""
        last = max((index for index, (_, message) in enumerate(self.lines)
                    if message.get("type") == "unpaired"), default=-1)
        games, current, number = [], None, None
        for _, message in self.lines[last + 1:]:
            if message.get("type") == "joined":
                state = message.get("state") or {}
                if state.get("status") == "playing" and state.get("game") != number:
                    number = state.get("game")
                    current = {"seat": message.get("seat") or state.get("you")}
                    games.append(current)
                continue
            if message.get("type") != "event":
                continue
            event = message["event"]
            if event.get("kind") == "game_started" or current is None:
                number = event.get("game", number)
                current = {}
                games.append(current)
            current.setdefault(event.get("kind"), []).append(event)
        return [game for game in games if game.get("game_over")]

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
        self.fault_spans = []  # (start, end), monotonic
        self.arena_record = None
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

    def address(self):
        """Where a person connects, kept for all they do: half through the
        balancer, half straight to one node, as someone given a node's
        address would."""
        if random.random() < 0.5:
            return self.url
        return f"ws://127.0.0.1:{random.choice(self.nodes).port}"

    def client(self, kind, command, url, person=None):
        client = Client(kind, f"{kind[0]}{next(self.numbers)}", command, url, self.args, self.logs)
        client.person = person or client.name
        self.clients.append(client)
        return client

    async def game(self):
        """A room of two bots, rated or casual, and now and then a watcher.
        A creator refused at once, while its address took no connections,
        tries again a second later."""
        rated = random.random() < 0.5
        think = f"{random.randint(50, 400)}ms"
        room = ["--rated", "--deadline", "60s"] if rated else ["--deadline", "0s"]
        if random.random() < MATCHES:
            room += ["--first-to", "2"]
        url, person = self.address(), None
        for _ in range(JOIN_TRIES):
            creator = self.client("game", ["bot", "--policy", "random", "--think", think, "create", *room], url, person)
            person = creator.person
            created = asyncio.get_running_loop().create_future()

            def on_line(message, created=created):
                if message.get("type") == "joined" and not created.done():
                    created.set_result(message["state"]["code"])

            creating = asyncio.create_task(creator.run(on_line))
            await asyncio.wait({created, creating}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
            if created.done():
                break
            await creating
            if not creator.not_admitted():
                return
            await asyncio.sleep(1)
        else:
            return
        code = created.result()
        tasks = [creating, asyncio.create_task(self.join(code, think))]
        if random.random() < 0.4:
            watcher = self.client("watcher", ["watch", code], self.address())
            tasks.append(asyncio.create_task(watcher.run()))
        await asyncio.gather(*tasks)

    async def join(self, code, think):
        """The second bot of a room. One refused at once, while its address
        took no connections, tries again a second later, as a person would:
        the room's creator is waiting for it."""
        url, person = self.address(), None
        for _ in range(JOIN_TRIES):
            joiner = self.client("game", ["bot", "--policy", "greedy", "--think", think, "join", code], url, person)
            person = joiner.person
            await joiner.run()
            if not joiner.not_admitted():
                return
            await asyncio.sleep(1)

    async def seeker(self):
        think = f"{random.randint(50, 300)}ms"
        client = self.client("seeker", ["bot", "--policy", "greedy", "--think", think, "play", "--bot-after", f"{BOT_AFTER_S}s"],
                             self.address())
        await client.run()

    async def arena(self):
        """Makes the run's arena, as long as the run: its id."""
        minutes = max(1, round(self.args.minutes))
        for _ in range(JOIN_TRIES):
            made = await asyncio.to_thread(
                subprocess.run,
                [self.args.client_bin, "--server", self.url, "arena", "create", "--minutes", str(minutes), "--title", "Nemesis"],
                capture_output=True, text=True,
                env={**os.environ, "MICE_CAKE_STATE_DIR": tempfile.mkdtemp(prefix="arena-", dir=self.logs)})
            if made.returncode == 0:
                return made.stdout.split("\n", 1)[0].strip()
            await asyncio.sleep(1)
        raise RuntimeError(f"no arena made: {made.stderr}")

    async def arena_player(self, arena_id, number):
        """One of the arena's bots, to the arena's end. One refused at once,
        while its address took no connections, tries again a second later."""
        think = f"{random.randint(50, 300)}ms"
        policy = ["greedy", "random", "strong"][number % 3]
        url, person = self.address(), None
        for _ in range(JOIN_TRIES):
            player = self.client("arena", ["bot", "--policy", policy, "--think", think, "arena", "join", arena_id], url, person)
            person = player.person
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
        detail = {}
        if kind == "kill":
            node.kill()
            await asyncio.sleep(3)
            node.start()
        elif kind == "pause":
            node.paused = True
            node.signal(signal.SIGSTOP)
            await asyncio.sleep(PAUSE_LEASES * LEASE_S)
            node.signal(signal.SIGCONT)
            node.paused = False
        elif kind == "pairing-kill":
            node, detail = await self.kill_a_pairing()
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
        self.fault_spans.append((started, time.monotonic()))
        target = f" node {node.number}" if node and kind in ("kill", "pause", "term", "pairing-kill") else ""
        self.faults.append({"fault": kind, "node": node.number if target else None, **detail,
                            "at": round(started - self.begun, 1), "seconds": round(time.monotonic() - started, 1)})
        said = "".join(f", {name} {value}" for name, value in detail.items())
        say(f"fault: {kind}{target} ({self.faults[-1]['seconds']} s{said})")

    async def kill_a_pairing(self):
        """The `pairing-kill` fault: the node that makes the next pairing's
        room killed (SIGKILL) a few milliseconds after it logs making it —
        its seekers' nodes hear of the pairing up to a quarter second
        later (they look every 250 ms), so before either seat is taken —
        and started again 3 s later. Two more seekers come at once, so
        that a pairing is made soon. Returns the node (None when no
        pairing came in 30 s) and what to say of it."""
        loop = asyncio.get_running_loop()
        sprung = loop.create_future()
        armed = threading.Lock()  # held once the trap has sprung
        after = random.uniform(0.001, 0.005)

        def on_pairing(node, process, room):  # the node's log thread
            if not armed.acquire(blocking=False):
                return
            time.sleep(after)
            process.send_signal(signal.SIGKILL)
            loop.call_soon_threadsafe(lambda: sprung.done() or sprung.set_result((node, room)))

        for node in self.nodes:
            node.on_pairing = on_pairing
        self.extra.extend(asyncio.create_task(self.seeker()) for _ in range(2))
        try:
            node, room = await asyncio.wait_for(asyncio.shield(sprung), 30)
        except asyncio.TimeoutError:
            return None, {"room": None}
        finally:
            armed.acquire(blocking=False)
            for each in self.nodes:
                each.on_pairing = None
        node.kill()
        await asyncio.sleep(3)
        node.start()
        return node, {"room": room, "killed_after_ms": round(after * 1000, 1)}

    def arena_games_under_way(self):
        """How many arena players are in a game: paired (`arena_paired`)
        since their last game's end."""
        count = 0
        for client in self.clients:
            if client.kind == "arena" and client.exit is None:
                kinds = [message.get("type") for _, message in client.lines
                         if message.get("type") == "arena_paired"
                         or (message.get("type") == "event" and message["event"].get("kind") == "game_over")]
                count += bool(kinds) and kinds[-1] == "arena_paired"
        return count

    async def end_arena_in_a_fault(self):
        """The `arena-end` fault, timed by the arena's end as a node says
        it (at once if that passed, or if no node says)."""
        arena = await asyncio.to_thread(self.api, f"/api/arenas/{self.arena_id}")
        if arena and arena.get("status") != "finished":
            ahead = arena["ends_at_ms"] / 1000 - time.time() - 0.5
            await asyncio.sleep(min(max(ahead, 0), 60))
        await self.fault("arena-end")

    async def schedule(self, until):
        # Every kind once before any twice, in a random order (issue 60's
        # first), so that a short run meets as many as it can.
        order = random.sample([kind for kind in FAULTS if kind not in FIRST], len(FAULTS) - len(FIRST)) + random.sample(FIRST, len(FIRST))
        while time.monotonic() < until:
            if not order:
                order = random.sample(FAULTS, len(FAULTS))
            await asyncio.sleep(random.uniform(4, 8))
            if order[-1] == "all":
                # Arena players through a full kill: while their games go on.
                waited = time.monotonic() + 20
                while not self.arena_games_under_way() and time.monotonic() < min(waited, until):
                    await asyncio.sleep(0.5)
            if time.monotonic() >= until:
                break
            await self.fault(order.pop())

    async def main(self):
        await self.setup()
        begun = self.begun = time.monotonic()
        self.wall_offset = time.time() - begun
        until = begun + self.args.minutes * 60
        self.arena_id = await self.arena()
        say(f"arena {self.arena_id}: {self.args.arena_players} bots")
        workloads = [
            asyncio.create_task(self.keep(self.args.games, self.game)),
            asyncio.create_task(self.keep(self.args.seekers, self.seeker)),
            *(asyncio.create_task(self.arena_player(self.arena_id, number)) for number in range(self.args.arena_players)),
        ]
        self.extra = workloads  # the `pairing-kill` fault's seekers join them
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

    def came_after_its_room(self, watcher):
        """Whether `watcher` never watched, and was told `unknown_room`
        after every player of its room had seen its game over and gone."""
        if watcher.kind != "watcher" or watcher.exit != 1 or watcher.typed("joined"):
            return False
        refused = [at for at, message in watcher.lines
                   if message.get("type") == "error" and message.get("code") == "unknown_room"]
        players = [client for client in self.clients if client.kind == "game" and client.code == watcher.command[-1]]
        return bool(refused and players) and all(
            client.exit == 0 and client.events("game_over") and client.lines[-1][0] < refused[-1] for client in players)

    async def check(self, seconds):
        problems = []
        # What each client saw, for whoever looks into a problem.
        for client in self.clients:
            with open(os.path.join(self.logs, f"{client.name}.jsonl"), "w") as out:
                out.writelines(json.dumps({"at": round(at - self.begun, 3), **message}) + "\n" for at, message in client.lines)
        figures = {"minutes": self.args.minutes, "seconds": round(seconds), "faults": len(self.faults),
                   "fault_kinds": sorted({fault["fault"] for fault in self.faults})}
        players = [client for client in self.clients if client.kind in ("game", "seeker")]
        games, seals, reveals = {}, 0, 0
        forfeited = {}  # game id → its ending, a forfeit
        aborted_at_deal = set()
        not_admitted = 0
        ended_by_stop = 0
        too_late = 0
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
            if self.came_after_its_room(client):
                # Its room closed before it got in (the bots leave at their
                # match's end; a fault held the watcher up): told
                # `unknown_room`, as anyone coming late is.
                too_late += 1
                continue
            if client.exit != 0:
                problems.append(f"{client.name} ({' '.join(client.command)}) exited {client.exit}:\n{client.tail()}")
        matches = {}  # match id → the last score a player saw of it
        for client, played in ((client, played) for client in players for played in client.games()):
            over = played["game_over"]
            game_id = over[-1].get("game_id")
            seat = self.seat_in(client, played)
            ending = over[-1]["result"]["ending"]
            if over[-1].get("match"):
                matches[over[-1]["match"]["id"]] = over[-1]["match"]
            if ending.get("kind") == "aborted" and not played.get("dealt"):
                # Ended at its deal, nothing dealt: a rated room's deal waits
                # for nobody (docs/ratings.md), and a fault kept a player
                # away longer than the deal's time. Nobody is rated; counted
                # apart — unless the absent player's client went to another
                # room meanwhile (then the game was lost to a fault).
                aborted_at_deal.add(game_id)
                continue
            if ending.get("kind") in FORFEITS:
                forfeited.setdefault(game_id, ending)  # counted per game below
            elif ending.get("kind") != "played":
                problems.append(f"{client.name}'s game {game_id} ended {json.dumps(ending)}")
            verified = sum("verified fair" in str(message.get("message", "")) for _, message in client.lines)
            if verified < sum(1 for each in client.games() if each.get("dealt")):
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
            for event in played.get("sealed", []):
                if event["seat"] != seat or event.get("by_server"):
                    continue
                seals += 1
                kept = fair["deal"] if event["round"] == 0 else (fair["rounds"][event["round"] - 1] if event["round"] <= len(fair["rounds"]) else None)
                if not kept or kept["seals"].get(seat) != event["seal"]:
                    problems.append(f"{client.name}'s acknowledged seal of round {event['round']} is not in {game_id}'s record")
            reports = record["record"]["rounds"]
            for event in played.get("revealed", []):
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
        problems.extend(await self.check_matches(figures, matches, forfeited))
        problems.extend(await self.check_arena(figures, forfeited))
        problems.extend(await self.check_forfeits(figures, forfeited))
        problems.extend(self.check_arena_pairing(figures))
        figures.update({"games": len(games), "rated_games": sum(1 for record in games.values() if (record.get("rated") or {}).get("ratings")),
                        "acknowledged_seals": seals, "reveals_checked": reveals})
        # Seekers: paired at most once per pairing not called off, and never
        # waiting past the bot's offer and a margin for the faults.
        margin = BOT_AFTER_S + 30
        waits, without_a_game = [], 0
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
            # A seeker that never got a game: exited, or still waiting at
            # the drain's end, with no game begun (nothing dealt since its
            # last pairing called off) — one seek, one game.
            if not client.events("game_over") and not client.events_since_called_off("dealt"):
                how = "never paired nor offered the bot" if not answered else f"paired {len(client.typed('paired'))} times"
                ended = f"exited {client.exit}" if client.exit is not None else "still waiting at the drain's end"
                problems.append(f"seeker {client.name} never got a game ({how}; {ended}):\n{client.tail(8)}")
                without_a_game += 1
        if waits and max(waits) > margin:
            problems.append(f"a seeker waited {max(waits):.1f} s for a pairing or the bot (more than {margin} s)")
        figures.update({
            "clients": len(self.clients),
            "clients_not_admitted": not_admitted,
            "watchers_after_their_room": too_late,
            "seeks_ended_by_a_node_stopping": ended_by_stop,
            "games_aborted_at_the_deal": len(aborted_at_deal),
            "seekers": len(waits),
            "seekers_without_a_game": without_a_game,
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
        counted = (f"{figures['games_forfeited']} games forfeited to a fault, "
                   f"{figures['arena_players_unpaired']} arena players no longer paired, "
                   f"{figures['seekers_without_a_game']} seekers without a game")
        if not problems:
            say(f"no game lost to a fault: {figures['games']} games, {seals} acknowledged seals, {reveals} reveals, "
                f"{len(self.faults)} faults; {counted}")
        else:
            say(f"{len(problems)} problems: {counted}; logs in {self.logs}")
        return 1 if problems else 0


    @staticmethod
    def seat_in(client, played):
        """The seat `client` played `played` from: the seats change colour
        in each game of a match (its `game_started` names the players; a
        game it came back into names its seat in its `joined`)."""
        if not played.get("game_started"):
            return played.get("seat") or client.seat()
        names = played["game_started"][-1]["players"]
        for seat in ("yellow", "blue"):
            if names[seat]["name"].split(" (")[0] == client.name:
                return seat
        return client.seat()

    async def check_matches(self, figures, matches, forfeited):
        """Every match a player saw is proven whole by `mice-cake verify
        --match` against the cluster's answers, and ended won — but for one
        a fault made a player lose by forfeit (counted with the forfeits)."""
        problems = []
        for match_id, seen in matches.items():
            summary = await asyncio.to_thread(self.api, f"/api/matches/{match_id}")
            if not summary:
                problems.append(f"match {match_id} cannot be read")
                continue
            checked = await asyncio.to_thread(
                subprocess.run, [self.args.client_bin, "--server", self.url, "verify", "--match", match_id],
                capture_output=True, text=True,
                env={**os.environ, "MICE_CAKE_STATE_DIR": tempfile.mkdtemp(prefix="match-", dir=self.logs)})
            if checked.returncode != 0:
                problems.append(f"match {match_id} is not proven whole: {(checked.stdout + checked.stderr).strip()[-400:]}")
            lost_to_a_fault = any(game in forfeited for game in summary["games"])
            if summary["status"] != "won" and not lost_to_a_fault:
                problems.append(f"match {match_id} ended {summary['status']}: {json.dumps(summary)[:300]}")
            if seen.get("end") and summary["status"] == "playing":
                problems.append(f"match {match_id} was seen to end, and the cluster says it goes on")
        figures["matches"] = len(matches)
        return problems

    async def check_forfeits(self, figures, forfeited):
        """Games lost by forfeit: those the clients saw end so, and every
        game the cluster kept that ended so (a player whose client gave up
        never sees its own). The bots never leave, so each is a game lost
        to a fault: a player who kept trying must never lose."""
        before = ""
        for _ in range(1000):
            page = await asyncio.to_thread(self.api, f"/api/games?limit=100{before}")
            if not page:
                break
            for summary in page.get("games", []):
                if summary["result"]["ending"].get("kind") in FORFEITS:
                    forfeited.setdefault(summary["id"], summary["result"]["ending"])
            if page.get("next") is None:
                break
            before = f"&before={page['next']}"
        by_name = {}
        for client in self.clients:
            by_name.setdefault(client.name, client)
        problems = []
        for game_id, ending in forfeited.items():
            record = await asyncio.to_thread(self.api, f"/api/games/{game_id}") or {}
            players = record.get("players") or {}
            seats = [ending["seat"]] if ending.get("seat") else ["yellow", "blue"]
            said = []
            for seat in seats:
                name = (players.get(seat) or "").split(" (")[0]
                client = by_name.get(name)
                if client:
                    said.append(f"{seat} {name} ({' '.join(client.command[:1] + client.command[-2:])}, exit {client.exit}):\n{client.tail(8)}")
            problems.append(f"game {game_id} in room {record.get('room')} lost by forfeit to a fault: {json.dumps(ending)}; "
                            f"players {json.dumps(players)}" + "".join(f"\n  {line}" for line in said))
        figures["games_forfeited"] = len(forfeited)
        return problems

    def check_arena_pairing(self, figures):
        """Arena players who stopped being paired. A player out of a game
        is in the arena's queue, and a waiting player is paired as soon as
        another waits (within 10 s if that one is the opponent it just
        played; docs/arenas.md). So one that waited more than
        ARENA_LEFT_OUT_S (since its last game ended, a pairing of it was
        called off, or it came back from a lost connection) while two
        others were paired with each other, twice, was left out of the
        queue: passed over once is the odd one out when three wait, never
        twice. And one not paired for more than ARENA_IDLE_S and the
        longest fault meanwhile, while the arena ran, stopped being paired
        whoever else was."""
        arena = self.arena_record or {}
        if not arena.get("ends_at_ms"):
            figures.update({"arena_players_unpaired": None, "arena_idle_max_s": None})
            return [f"arena {self.arena_id}'s end cannot be read"]
        ends = arena["ends_at_ms"] / 1000 - self.wall_offset
        people, person_of = {}, {}
        for client in self.clients:
            if client.kind == "arena":
                people.setdefault(client.person, []).append(client)
                person_of[client.name] = client.person
        # Each pairing once (both its players say it), by when it was first told.
        pairings = []
        for at, person, message in sorted((at, person, message) for person, clients in people.items() for client in clients
                                          for at, message in client.lines if message.get("type") == "arena_paired"):
            pair = {person, person_of.get(message.get("opponent", "").split(" (")[0])}
            if not any(pair == other and at - when < SAME_PAIRING_S for when, other in pairings):
                pairings.append((at, pair))
        problems, idle_most = [], 0.0
        for person, clients in people.items():
            # Its own lines, and the pairings of two others, in time order.
            timeline = sorted([(at, 0, index, message) for client in clients for index, (at, message) in enumerate(client.lines)]
                              + [(at, 1, 0, None) for at, pair in pairings if person not in pair]
                              + [(ends, 2, 0, None)], key=lambda entry: entry[:3])
            free = waiting = clients[0].started  # out of a game since; in the queue since
            passed_over, worst, paused = [], None, None
            for at, what, _, message in timeline:
                if what == 1:
                    if free is not None:
                        passed_over.append(at)
                    continue
                kind = message.get("type") if message else None
                if free is not None and (what or kind in ("arena_paired", "welcome")):
                    # Its own pairing, its reconnection, or the arena's end:
                    # how long it waited, and who was paired meanwhile. Others
                    # paired in the turn that paired it did not pass it over.
                    skipped = [when for when in passed_over if when < at - SAME_PAIRING_S or kind == "welcome"]
                    if len(skipped) >= 2 and skipped[-1] - waiting > ARENA_LEFT_OUT_S and (not worst or skipped[-1] - waiting > worst[0]):
                        worst = (skipped[-1] - waiting, f"waited {skipped[-1] - waiting:.0f} s from {waiting - self.begun:.0f} s "
                                 f"into the run while two others were paired with each other {len(skipped)} times", paused)
                if free is not None and (what or kind == "arena_paired"):
                    longest = max((end - start for start, end in self.fault_spans if start < at and end > free), default=0)
                    idle = min(at, ends) - free
                    idle_most = max(idle_most, idle)
                    if idle > ARENA_IDLE_S + longest and (not worst or idle > worst[0]):
                        worst = (idle, f"was not paired for {idle:.0f} s from {free - self.begun:.0f} s into the run "
                                       f"(longest fault meanwhile {longest:.0f} s)", paused)
                if what == 2:
                    break
                if kind == "arena_paired":
                    free = waiting = None
                    passed_over, paused = [], None
                elif kind == "arena_paused":
                    paused = message.get("reason")
                elif kind == "welcome" and free is not None:
                    # Back from a lost connection: it joins the arena again.
                    waiting, passed_over = at, []
                elif (kind == "unpaired" or (kind == "event" and message["event"].get("kind") == "game_over")) and free is None:
                    free = waiting = at
            if worst:
                _, what, paused = worst
                told = f" (told arena_paused: {paused})" if paused else ""
                problems.append(f"arena player {person} {what}{told}:\n{clients[-1].tail(8)}")
        figures.update({"arena_players_unpaired": len(problems), "arena_idle_max_s": round(idle_most, 1)})
        return problems

    async def check_arena(self, figures, forfeited):
        """The arena's checks (see the module's docs); its figures go in
        `figures`."""
        problems = []
        arena = self.arena_record = await asyncio.to_thread(self.api, f"/api/arenas/{self.arena_id}")
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
                elif ending.get("kind") in FORFEITS:
                    forfeited.setdefault(game_id, ending)  # counted per game by `check`
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
