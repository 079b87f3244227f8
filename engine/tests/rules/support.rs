//! Helpers to set up positions and play rounds with explicit dice.

use mice_cake_engine::{
    Assignment, Attempt, Cell, CellView, Column, Domino, DominoSet, Game, GameRecord, Layout,
    Options, PerColumn, Policy, Position, RecordedGame, RoundReport, Row, ScriptedDice, Seat,
    Seated, Seed, Viewer,
};

pub(crate) fn piece(text: &str) -> Domino {
    text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

pub(crate) fn pieces(texts: &[&str]) -> DominoSet {
    texts.iter().map(|text| piece(text)).collect()
}

pub(crate) fn assign(text: &str) -> Assignment {
    text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// The example of the rules text: its 16 face-up pieces, with 2/3 under
/// 1/2 in column A and 1/1 under 2/5 in column D (both turned up in the
/// example), and the other 10 pieces face down in some order.
pub(crate) const WORKED_EXAMPLE: &str = "
    1/2   3/4   5/6   0/3
    [2/3] [0/2] [0/5] [1/4]
    0/0   1/3   5/5   2/6
    [1/6] [2/2] [3/3] [3/5]
    0/4   1/5   0/6   2/4
    [4/5] [4/6] [6/6] [1/1]
    0/1   4/4   3/6   2/5
";

/// A layout from a board text (face-down marks are ignored).
pub(crate) fn layout(text: &str) -> Layout {
    let cells = Position::parse_board(text).unwrap();
    let rows = cells.map(|row| {
        row.map(|cell| match cell {
            Cell::FaceUp(piece) | Cell::FaceDown(piece) => piece,
            Cell::Empty => panic!("a layout has no empty place"),
        })
    });
    Layout::new(rows).unwrap()
}

/// The game of the worked example, before its first round.
pub(crate) fn worked_example() -> Game {
    Game::new(Options::default(), &layout(WORKED_EXAMPLE)).unwrap()
}

/// A board as a view shows it: `.` empty, `##` face down, `a/b` face up.
pub(crate) fn view_board(text: &str) -> [[CellView; 4]; 7] {
    let rows: Vec<Vec<CellView>> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(|line| {
            line.split_whitespace()
                .map(|place| match place {
                    "." => CellView::Empty,
                    "##" => CellView::FaceDown,
                    piece_text => CellView::FaceUp(piece(piece_text)),
                })
                .collect()
        })
        .collect();
    let mut board = [[CellView::Empty; 4]; 7];
    assert_eq!(rows.len(), 7);
    for (slot, row) in board.iter_mut().zip(rows) {
        *slot = row.try_into().unwrap();
    }
    board
}

/// A position built piece by piece.
pub(crate) struct Setup {
    options: Options,
    position: Position,
    leftovers_to: Option<Seat>,
}

impl Setup {
    /// A board text as [`Position::parse_board`] reads it; stashes empty.
    pub(crate) fn board(text: &str) -> Setup {
        Setup {
            options: Options::default(),
            position: Position {
                board: Position::parse_board(text).unwrap(),
                stashes: Seated::default(),
                removed: DominoSet::EMPTY,
                resting: Seated::default(),
                round: 1,
                rounds_without_progress: 0,
            },
            leftovers_to: None,
        }
    }

    pub(crate) fn options(mut self, options: Options) -> Setup {
        self.options = options;
        self
    }

    pub(crate) fn stash(mut self, seat: Seat, texts: &[&str]) -> Setup {
        self.position.stashes[seat] = pieces(texts);
        self
    }

    /// Every piece not placed anywhere goes to `seat`'s stash.
    pub(crate) fn leftovers_to(mut self, seat: Seat) -> Setup {
        self.leftovers_to = Some(seat);
        self
    }

    pub(crate) fn resting(mut self, seat: Seat, resting: PerColumn<u8>) -> Setup {
        self.position.resting[seat] = resting;
        self
    }

    pub(crate) fn removed(mut self, texts: &[&str]) -> Setup {
        self.position.removed = pieces(texts);
        self
    }

    pub(crate) fn round(mut self, round: u32, rounds_without_progress: u32) -> Setup {
        self.position.round = round;
        self.position.rounds_without_progress = rounds_without_progress;
        self
    }

    pub(crate) fn game(self) -> Game {
        self.try_game().unwrap()
    }

    pub(crate) fn try_game(mut self) -> Result<Game, mice_cake_engine::PositionError> {
        if let Some(seat) = self.leftovers_to {
            let placed: DominoSet = self
                .position
                .board
                .iter()
                .flatten()
                .filter_map(|cell| match cell {
                    Cell::FaceUp(p) | Cell::FaceDown(p) => Some(*p),
                    Cell::Empty => None,
                })
                .chain(self.position.stashes.yellow.iter())
                .chain(self.position.stashes.blue.iter())
                .chain(self.position.removed.iter())
                .collect();
            let leftovers = DominoSet::FULL.difference(placed);
            self.position.stashes[seat] = self.position.stashes[seat].union(leftovers);
        }
        Game::from_position(self.options, &self.position)
    }
}

/// Plays a round with scripted dice and checks that every scripted die was
/// asked for (a test that scripts dice for an attempt that never happens is
/// wrong).
pub(crate) fn play(
    game: &mut Game,
    yellow: &str,
    blue: &str,
    mut dice: ScriptedDice,
) -> RoundReport {
    let report = game
        .resolve(&assign(yellow), &assign(blue), &mut dice)
        .unwrap_or_else(|e| panic!("round of {yellow:?} and {blue:?}: {e}"));
    assert!(dice.all_used(), "some scripted dice were not rolled");
    report
}

/// Dice: `dice().attempt(...)` reads better in tests.
pub(crate) fn dice() -> ScriptedDice {
    ScriptedDice::new()
}

pub(crate) fn attempt(report: &RoundReport, seat: Seat, column: Column) -> &Attempt {
    report
        .attempts
        .iter()
        .find(|a| a.seat == seat && a.column == column)
        .unwrap_or_else(|| panic!("no attempt by {seat} in {column}"))
}

pub(crate) fn row(number: u8) -> Row {
    Row::new(number).unwrap()
}

/// Rounds after which a test game is taken to hang: far above any real game.
const ROUND_LIMIT: u32 = 5_000;

/// Plays a game from `seed` to its end between two policies (the bots'
/// choices come from their own stream of the seed) and returns it.
pub(crate) fn play_to_end(
    seed: u64,
    options: Options,
    yellow: Policy,
    blue: Policy,
) -> RecordedGame {
    play_to_end_watching(seed, options, (yellow, blue), |_, _| {})
}

/// [`play_to_end`], calling `watch` with the game before each round and the
/// round's report.
pub(crate) fn play_to_end_watching(
    seed: u64,
    options: Options,
    (yellow_policy, blue_policy): (Policy, Policy),
    mut watch: impl FnMut(&Game, &RoundReport),
) -> RecordedGame {
    let mut game = RecordedGame::new(options, Seed::from_u64(seed)).unwrap();
    let mut bots = Seed::from_u64(seed).stream(1);
    while !game.game().is_over() {
        assert!(
            game.game().round() < ROUND_LIMIT,
            "seed {seed}: the game does not end"
        );
        let before = game.game().clone();
        let view = before.view(Viewer::Spectator);
        let yellow = yellow_policy.choose(&view, Seat::Yellow, &mut bots);
        let blue = blue_policy.choose(&view, Seat::Blue, &mut bots);
        let report = game.play_round(&yellow, &blue).unwrap();
        watch(&before, report);
    }
    game
}

/// The record of [`play_to_end`].
pub(crate) fn record_of(seed: u64, options: Options, yellow: Policy, blue: Policy) -> GameRecord {
    play_to_end(seed, options, yellow, blue)
        .into_record()
        .unwrap()
}

/// 3/4 alone in column A (a contest for whoever attempts it from both
/// sides), with a full column B of pieces face up and face down.
pub(crate) fn contest_board() -> Game {
    Setup::board(
        "
        .     1/2   .     .
        .     [0/2] .     .
        .     1/3   .     .
        3/4   [0/5] .     .
        .     1/4   .     .
        .     [0/6] .     .
        .     1/5   .     .
        ",
    )
    .leftovers_to(Seat::Blue)
    .game()
}
