//! Opening books: the exact value and best moves of every position of the
//! first plies of a Kalah game, each worked out by the solver to the end
//! (with a tablebase, fast), so that the engine never errs where a search
//! cannot see far enough: the first replies, whose mistakes cost most.
//! The file format is in [`Book`]'s documentation.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use mancala_core::{Game, Mancala, Move, Pit, Player};

use super::{Kind, Tablebase, TablebaseError};
use crate::kalah_solve::KalahSolver;

mod swindle;
pub use swindle::Swindles;

/// The book file's first line: version 2 if the book has swindles (a
/// position's line may end with `swindle=H`), else version 1, which
/// version 2's readers read too.
const MAGIC: &str = "mancala-rs opening book 2";
/// The first line of a book without swindles.
const MAGIC_1: &str = "mancala-rs opening book 1";
/// The memory of the solver's transposition table while a book is built:
/// 256 MiB (at most; a small game's table is no larger than its positions).
pub const BOOK_TABLE_BYTES: usize = 256 << 20;
/// The most positions a book file may hold (a hostile file is refused
/// before it takes more memory than this many lines).
pub const MAX_POSITIONS: usize = 1_000_000;

/// A position as the book keys it: holes, stores, player to move.
type Key = (Vec<u16>, [u16; 2], u8);

/// An opening book of one Kalah rule set: the exact value and best moves
/// of every position within [`plies`](Book::plies) plies of the start,
/// and of those along one player's [`line`](Book::line)s past them; if
/// built [`with_swindles`](Book::with_swindles), one player's
/// [`swindle`](Book::swindle)s where he cannot win, and the positions
/// they lead to.
///
/// # The file
///
/// Text, one position a line, named by [`Book::file_name`]
/// (`kalah-6-4-standard.book`):
///
/// ```text
/// mancala-rs opening book 1
/// kalah houses=6 seeds=4 empty_capture=false plies=2
/// 4,4,4,4,4,4,4,4,4,4,4,4 0,0 0 +8 2
/// 4,4,0,5,5,5,4,4,4,4,4,4 1,0 0 +8 5
/// ```
///
/// After the two header lines (the format's version, then the rules, how
/// many plies from the start the book holds whole, and `line=S:L` if it
/// also follows player `S`'s [`Line`]s to `L` plies), each line is a position
/// and its answer: the holes in hole order (South's, then North's), the
/// stores (South's, North's), the player to move (0 or 1), the first
/// player's final margin under perfect play (signed), and the holes whose
/// sowing keeps it (`,`-separated). Lines are in the order the book was
/// built (ply by ply from the start).
///
/// A book with [`Swindles`] starts `mancala-rs opening book 2`, ends its
/// header with the swindles' word (`swindles=1:8:8:10000:1`: the seat,
/// plies, the model's runs, iterations and exploration), and ends the
/// line of each position that has one with `swindle=H`: the hole the
/// engine sows there, which keeps the position's result but not its
/// margin (see [`Book::with_swindles`]).
///
/// # Examples
///
/// ```
/// use mancala_core::Game;
/// use mancala_engine::tablebase::{Book, Kind, Tablebase};
///
/// // Kalah(3, 2): 12 seeds, solved outright by a table of 12.
/// let kind = Kind { houses: 3, empty_capture: false };
/// let table = Tablebase::build(kind, 12, 1, 1 << 24, |_| {})?;
/// let book = Book::build(kind, 2, 2, Some(&table), |_, _| {})?;
/// let start = book.start();
/// let (best, value) = book.best_moves(&start).unwrap();
/// assert_eq!(Some(value), table.probe_game(&start));
/// assert!(best.iter().all(|m| start.is_legal(m)));
/// # Ok::<(), mancala_engine::tablebase::TablebaseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Book {
    kind: Kind,
    seeds: u16,
    plies: u32,
    line: Option<Line>,
    start: Mancala,
    /// Each position's first-player margin and best holes, and the
    /// positions in the order built.
    entries: HashMap<Key, (i64, Vec<u8>)>,
    order: Vec<Key>,
    /// How the swindles were found, and each position's swindle hole.
    swindles: Option<Swindles>,
    swindled: HashMap<Key, u8>,
}

/// The lines a book follows past its [`plies`](Book::plies): every
/// position reached from the start in at most [`plies`](Line::plies)
/// plies when [`seat`](Line::seat) plays his first best move and his
/// opponent any move. A book for a player who must find his moves where
/// a search is weakest (the losing side of Kalah(6,4), after its first
/// plies), at the cost of the lines alone rather than of every position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// Whose lines: he plays the book's first best move.
    pub seat: Player,
    /// How many plies from the start they go.
    pub plies: u32,
}

impl Book {
    /// The book of Kalah of `kind` with `seeds` a house: every position
    /// reached from the start in at most `plies` plies, solved to the end
    /// by [`KalahSolver`] (one solver, its transposition table of
    /// [`BOOK_TABLE_BYTES`] kept from position to position), its endgames from
    /// `table` if given. `progress(done, positions)` after each position.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Unsupported`] for rules the solver does not take
    /// (a board of more than 8 houses, more than 120 seeds) or a table of
    /// another kind.
    pub fn build(
        kind: Kind,
        seeds: u16,
        plies: u32,
        table: Option<&Tablebase>,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<Book, TablebaseError> {
        kind.check()?;
        let unsupported = || TablebaseError::Unsupported(format!("Kalah {kind:?}, {seeds} seeds"));
        let start = Mancala::new(kind.rules(seeds)).map_err(|_| unsupported())?;
        let positions = positions_within(&start, plies);
        let mut solver = solver_of(&start, table)?;
        let mut book = Book::empty(kind, seeds, plies, start);
        for (done, game) in positions.iter().enumerate() {
            book.solve(&mut solver, game);
            progress(done + 1, positions.len());
        }
        Ok(book)
    }

    /// This book with the positions of `line` past its plies added, each
    /// solved as [`build`](Book::build) solves them (the book's own
    /// positions are not solved again). `progress(done, known)` after each
    /// position added, `known` the positions found so far.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Unsupported`] if the book already has lines, if
    /// `line` goes no further than the book's plies, or as
    /// [`build`](Book::build).
    pub fn with_line(
        mut self,
        line: Line,
        table: Option<&Tablebase>,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<Book, TablebaseError> {
        if self.line.is_some() || line.plies <= self.plies {
            return Err(TablebaseError::Unsupported(format!(
                "lines to {} plies in a book of {} plies{}",
                line.plies,
                self.plies,
                if self.line.is_some() {
                    " that has lines"
                } else {
                    ""
                }
            )));
        }
        let mut solver = solver_of(&self.start, table)?;
        let mut seen = std::collections::HashSet::new();
        let mut layer = vec![self.start.clone()];
        let (mut done, mut known) = (0, 0);
        for ply in 0..=line.plies {
            let mut next = Vec::new();
            for game in layer {
                let Some(mover) = game.to_move() else {
                    continue;
                };
                if !seen.insert(key(&game)) {
                    continue;
                }
                let best = match self.best_moves(&game) {
                    Some((best, _)) => best,
                    None => {
                        self.solve(&mut solver, &game);
                        done += 1;
                        progress(done, known);
                        self.best_moves(&game).map_or(Vec::new(), |(best, _)| best)
                    }
                };
                if ply == line.plies {
                    continue;
                }
                let moves = if ply < self.plies || mover != line.seat {
                    game.legal_moves().to_vec()
                } else {
                    best.into_iter().take(1).collect()
                };
                for mv in moves {
                    let mut child = game.clone();
                    if child.play(mv).is_ok() {
                        if ply + 1 >= self.plies && child.to_move().is_some() {
                            known += 1;
                        }
                        next.push(child);
                    }
                }
            }
            layer = next;
        }
        self.line = Some(line);
        Ok(self)
    }

    /// Solves `game` with `solver` and keeps its value and best holes.
    fn solve(&mut self, solver: &mut KalahSolver, game: &Mancala) {
        let solution = solver.solve(game);
        self.insert(key(game), solution.value, holes_of(&solution.best));
    }

    /// The file name of the book of `kind` with `seeds` a house.
    pub fn file_name(kind: Kind, seeds: u16) -> String {
        let rule = if kind.empty_capture {
            "empty"
        } else {
            "standard"
        };
        format!("kalah-{}-{seeds}-{rule}.book", kind.houses)
    }

    /// The board and capture rule.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Seeds a house at the start.
    pub fn seeds(&self) -> u16 {
        self.seeds
    }

    /// How many plies from the start the book holds.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The lines it follows past its plies, if any.
    pub fn line(&self) -> Option<Line> {
        self.line
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The start of the book's game.
    pub fn start(&self) -> Mancala {
        self.start.clone()
    }

    /// The moves of `game` that keep its value under perfect play, with the
    /// first player's final margin, if its rules are the book's and the
    /// book holds its position.
    pub fn best_moves(&self, game: &Mancala) -> Option<(Vec<Move>, i64)> {
        if !self.is_of(game) {
            return None;
        }
        let (value, holes) = self.entries.get(&key(game))?;
        let moves = holes
            .iter()
            .filter_map(|&h| move_of(h))
            .filter(|m| game.is_legal(m))
            .collect::<Vec<_>>();
        (!moves.is_empty()).then_some((moves, *value))
    }

    /// Whether `game` is played by the book's rules.
    fn is_of(&self, game: &Mancala) -> bool {
        Kind::of(game.rules()) == Some(self.kind) && game.rules().seeds == self.seeds
    }

    /// Writes the book to `dir` under [`Book::file_name`]; returns its path.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Io`] if the file cannot be written.
    pub fn save(&self, dir: &Path) -> Result<PathBuf, TablebaseError> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join(Book::file_name(self.kind, self.seeds));
        let mut out = std::io::BufWriter::new(std::fs::File::create(&path)?);
        self.write_to(&mut out)?;
        out.flush()?;
        Ok(path)
    }

    /// Writes the book in its text format (see [`Book`]).
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Io`] if writing fails.
    pub fn write_to(&self, out: &mut impl Write) -> Result<(), TablebaseError> {
        let magic = if self.swindles.is_some() {
            MAGIC
        } else {
            MAGIC_1
        };
        writeln!(out, "{magic}")?;
        writeln!(
            out,
            "kalah houses={} seeds={} empty_capture={} plies={}{}{}",
            self.kind.houses,
            self.seeds,
            self.kind.empty_capture,
            self.plies,
            self.line.map_or(String::new(), |l| format!(
                " line={}:{}",
                l.seat.index(),
                l.plies
            )),
            self.swindles
                .map_or(String::new(), |s| format!(" {}", s.word()))
        )?;
        for k in &self.order {
            let (value, best) = &self.entries[k];
            let mut line = String::new();
            let holes: Vec<String> = k.0.iter().map(u16::to_string).collect();
            let best: Vec<String> = best.iter().map(u8::to_string).collect();
            let _ = write!(
                line,
                "{} {},{} {} {value:+} {}",
                holes.join(","),
                k.1[0],
                k.1[1],
                k.2,
                best.join(",")
            );
            if let Some(hole) = self.swindled.get(k) {
                let _ = write!(line, " swindle={hole}");
            }
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    /// Reads a book in its text format. Every line is checked: a position
    /// of the header's board (holes of at most 65,535 seeds, a player 0 or
    /// 1), a value, best holes of the board; at most [`MAX_POSITIONS`]
    /// positions.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Format`] naming the first line that is not one,
    /// [`TablebaseError::Io`] if reading fails.
    pub fn read_from(input: impl BufRead) -> Result<Book, TablebaseError> {
        let mut lines = input.lines();
        let mut next = || lines.next().transpose();
        let bad = |n: usize, what: &str| TablebaseError::Format(format!("book line {n}: {what}"));
        let version_2 = match next()?.as_deref() {
            Some(MAGIC) => true,
            Some(MAGIC_1) => false,
            _ => return Err(bad(1, &format!("not `{MAGIC}` or `{MAGIC_1}`"))),
        };
        let header = next()?.ok_or_else(|| bad(2, "no rules"))?;
        let (kind, seeds, plies, line, swindles) = read_header(&header)
            .filter(|h| version_2 || h.4.is_none())
            .ok_or_else(|| bad(2, &header))?;
        let start = Mancala::new(kind.rules(seeds)).map_err(|e| bad(2, &e.to_string()))?;
        let mut book = Book::empty(kind, seeds, plies, start);
        book.line = line;
        book.swindles = swindles;
        let holes = 2 * usize::from(kind.houses);
        let mut n = 2;
        while let Some(line) = next()? {
            n += 1;
            if book.len() == MAX_POSITIONS {
                return Err(bad(n, &format!("more than {MAX_POSITIONS} positions")));
            }
            let (k, value, best, swindle) = read_entry(&line, holes)
                .filter(|e| e.3.is_none() || swindles.is_some())
                .ok_or_else(|| bad(n, &line))?;
            if let Some(hole) = swindle {
                book.swindled.insert(k.clone(), hole);
            }
            book.insert(k, value, best);
        }
        Ok(book)
    }

    /// Reads the book of `kind` with `seeds` a house from `dir`: `None` if
    /// there is none.
    ///
    /// # Errors
    ///
    /// As [`read_from`](Book::read_from), and [`TablebaseError::Format`]
    /// if the file holds another kind's book.
    pub fn find(dir: &Path, kind: Kind, seeds: u16) -> Result<Option<Book>, TablebaseError> {
        let path = dir.join(Book::file_name(kind, seeds));
        let file = match std::fs::File::open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        let book = Book::read_from(std::io::BufReader::new(file))?;
        if (book.kind, book.seeds) != (kind, seeds) {
            return Err(TablebaseError::Format(format!(
                "{} holds the book of {:?} with {} seeds",
                path.display(),
                book.kind,
                book.seeds
            )));
        }
        Ok(Some(book))
    }

    /// A book holding no position yet.
    fn empty(kind: Kind, seeds: u16, plies: u32, start: Mancala) -> Book {
        Book {
            kind,
            seeds,
            plies,
            line: None,
            start,
            entries: HashMap::new(),
            order: Vec::new(),
            swindles: None,
            swindled: HashMap::new(),
        }
    }

    fn insert(&mut self, k: Key, value: i64, best: Vec<u8>) {
        if self.entries.insert(k.clone(), (value, best)).is_none() {
            self.order.push(k);
        }
    }
}

/// The player of a file's seat word: `0` or `1`.
fn seat_of(word: &str) -> Option<Player> {
    match word {
        "0" => Some(Player::P0),
        "1" => Some(Player::P1),
        _ => None,
    }
}

/// The sowing of hole `hole`, as a book's file names it.
fn move_of(hole: u8) -> Option<Move> {
    Pit::new(usize::from(hole)).map(Move::Sow)
}

/// The holes of `moves` (sowings).
fn holes_of(moves: &[Move]) -> Vec<u8> {
    moves
        .iter()
        .filter_map(|m| m.pit().and_then(|p| u8::try_from(p.index()).ok()))
        .collect()
}

/// The book's key of `game`.
fn key(game: &Mancala) -> Key {
    let board = game.board();
    let stores = board.stores();
    let mover = game.to_move().map_or(u8::MAX, |p| p.index() as u8);
    (board.holes().to_vec(), [stores[0], stores[1]], mover)
}

/// Every position reached from `start` in at most `plies` plies with a
/// player to move, each once, ply by ply.
fn positions_within(start: &Mancala, plies: u32) -> Vec<Mancala> {
    let mut seen = std::collections::HashSet::new();
    let mut all = Vec::new();
    let mut layer = vec![start.clone()];
    for ply in 0..=plies {
        let mut next = Vec::new();
        for game in layer {
            if game.to_move().is_none() || !seen.insert(key(&game)) {
                continue;
            }
            if ply < plies {
                for mv in game.legal_moves().iter() {
                    let mut child = game.clone();
                    if child.play(*mv).is_ok() {
                        next.push(child);
                    }
                }
            }
            all.push(game);
        }
        layer = next;
    }
    all
}

/// What a book's header says: its board, seeds a house, plies, lines and
/// swindles.
type Header = (Kind, u16, u32, Option<Line>, Option<Swindles>);

/// `kalah houses=H seeds=N empty_capture=B plies=P`, then `line=S:L` if
/// the book follows player `S`'s lines to `L` plies (more than `P`), then
/// [`Swindles`]' word if it has swindles.
fn read_header(line: &str) -> Option<Header> {
    let mut words = line.split(' ');
    if words.next()? != "kalah" {
        return None;
    }
    let mut field = |name: &str| words.next()?.strip_prefix(name)?.strip_prefix('=');
    let houses = field("houses")?.parse().ok()?;
    let seeds = field("seeds")?.parse().ok()?;
    let empty_capture = field("empty_capture")?.parse().ok()?;
    let plies = field("plies")?.parse().ok()?;
    let mut word = words.next();
    let line = match word.and_then(|w| w.strip_prefix("line=")) {
        None => None,
        Some(text) => {
            word = words.next();
            let (seat, to) = text.split_once(':')?;
            let seat = seat_of(seat)?;
            let to: u32 = to.parse().ok()?;
            if to <= plies {
                return None;
            }
            Some(Line { seat, plies: to })
        }
    };
    let swindles = match word {
        None => None,
        Some(word) => Some(Swindles::read(word)?),
    };
    if words.next().is_some() {
        return None;
    }
    let kind = Kind {
        houses,
        empty_capture,
    };
    kind.check().ok()?;
    Some((kind, seeds, plies, line, swindles))
}

/// A solver for the game of `start`, its endgames from `table` if given,
/// its transposition table of [`BOOK_TABLE_BYTES`].
fn solver_of(start: &Mancala, table: Option<&Tablebase>) -> Result<KalahSolver, TablebaseError> {
    let solver = KalahSolver::new(start, BOOK_TABLE_BYTES, 0)
        .ok_or_else(|| TablebaseError::Unsupported(format!("Kalah of {:?}", start.rules())))?;
    match table {
        Some(table) => solver.with_tablebase(table),
        None => Ok(solver),
    }
}

/// A position of a book's file: its key, value, best holes and swindle.
type Entry = (Key, i64, Vec<u8>, Option<u8>);

/// One position's line, its board of `holes` holes.
fn read_entry(line: &str, holes: usize) -> Option<Entry> {
    let mut words: Vec<&str> = line.split(' ').collect();
    let swindle = match words.len() {
        6 => {
            let hole: u8 = words.pop()?.strip_prefix("swindle=")?.parse().ok()?;
            if usize::from(hole) >= holes {
                return None;
            }
            Some(hole)
        }
        _ => None,
    };
    let [board, stores, mover, value, best] = <[&str; 5]>::try_from(words).ok()?;
    let board: Vec<u16> = board
        .split(',')
        .map(|c| c.parse().ok())
        .collect::<Option<_>>()?;
    let (south, north) = stores.split_once(',')?;
    let stores = [south.parse().ok()?, north.parse().ok()?];
    let mover: u8 = mover.parse().ok()?;
    let value: i64 = value.parse().ok()?;
    let best: Vec<u8> = best
        .split(',')
        .map(|h| h.parse().ok())
        .collect::<Option<_>>()?;
    let fits = board.len() == holes
        && mover <= 1
        && !best.is_empty()
        && best.iter().all(|&h| usize::from(h) < holes);
    fits.then_some(((board, stores, mover), value, best, swindle))
}

impl Kind {
    /// Kalah's rules on this kind's board, with its capture rule and
    /// `seeds` a house at the start.
    pub fn rules(self, seeds: u16) -> mancala_core::Rules {
        let mut rules = mancala_core::Rules::kalah()
            .with_houses(self.houses)
            .with_seeds(seeds);
        if let mancala_core::rules::Capture::Opposite {
            require_opposite, ..
        } = &mut rules.capture
        {
            *require_opposite = !self.empty_capture;
        }
        rules
    }
}
