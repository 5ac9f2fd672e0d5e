//! Fuzz target `engine`: the core's building blocks driven directly, each
//! checked against its documented contract (not only "no panic").
//!
//! - [`Sower::sow`] on arbitrary boards (any counts, lengths off by one) of
//!   arbitrary layouts, any origin and mover, every sowing spec, relay
//!   rules `Relay::Never`, `Relay::AtLeast(k)` for any `k` (0 and 1
//!   included, which `Rules` refuse but the sower takes), `SingleLap` and
//!   closures (`Fn(&Board, Pit) -> bool`), under budgets `Some(n)`
//!   (`n <= 5000`, now and then 0). Contracts: a refused move leaves the
//!   board unchanged and records no event; an accepted one conserves the
//!   seeds (holes and stores, when no count can saturate); the observer
//!   path (`Vec<Event>`) gives the result and board of the quiet path
//!   (`()`), and its events replay to that board; the budget decides
//!   exactly the moves that end within `n` laps or repeat a lap start
//!   within `n` (`mu + lambda <= n`), with the unbounded result, and
//!   refuses every other as `SowError::Undecided { pit, player, max_laps: n }`.
//!   The reference is a plain model in this file (lap by lap, every lap
//!   start remembered) on boards of few seeds, and the unbounded sower
//!   (`max_laps: None`) on "tame" boards only (relay at `k >= 2`, every
//!   hole at most `k` seeds, as the property tests do: exact unbounded
//!   detection can take minutes on full boards). [`Sower::standing`] of
//!   the origin alone agrees with the sowing (stands, refused, or the same
//!   `Undecided`). A closure equivalent to
//!   `Relay::AtLeast(k)` gives exactly its results (the engine sows
//!   threshold rules on the counts directly, closures lap by lap).
//! - [`chain`], [`is_grand_slam`], [`take_into_store`] and
//!   [`filter_feeding`] on arbitrary inputs, against models written from
//!   their documentation.

#![no_main]

#[path = "common/seeds.rs"]
mod seeds;

use std::collections::HashMap;
use std::ops::ControlFlow;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::{
    Board, ChainLimit, CountSet, Direction, Endless, EndlessRelay, Event, Feeding, Landing, Layout,
    MAX_HOLES, MAX_PLAYERS, MAX_TWO_ROW_LEN, Pit, PitSet, Player, Relay, RelayRule, SingleLap,
    SowError, SowSpec, Sower, Sown, Topology, Undecided, chain, filter_feeding, is_grand_slam,
    take_into_store,
};

/// The observer path runs when seeds times budget are at most this.
const OBSERVED_WORK: u64 = 4_000_000;

/// Boards of at most this many seeds are checked against the plain model.
const MODEL_SEEDS: u32 = 600;

fn player(u: &mut Unstructured<'_>) -> arbitrary::Result<Player> {
    Ok(Player::new(u.int_in_range(0..=MAX_PLAYERS - 1)?).unwrap_or_default())
}

/// Hole `i` (`i < MAX_HOLES`).
fn hole(i: usize) -> Pit {
    Pit::new(i % MAX_HOLES).unwrap_or_else(|| unreachable!())
}

fn pit(u: &mut Unstructured<'_>) -> arbitrary::Result<Pit> {
    Ok(hole(u.int_in_range(0..=MAX_HOLES - 1)?))
}

/// A valid topology: any layout, or two rows (up to 2 x 50).
fn topology(u: &mut Unstructured<'_>) -> arbitrary::Result<Topology> {
    let layout = if u.arbitrary()? {
        Layout::arbitrary(u)?
    } else {
        Layout::two_rows(u.int_in_range(1..=MAX_TWO_ROW_LEN as u8)?)
    };
    Topology::new(layout).map_err(|_| arbitrary::Error::IncorrectFormat)
}

/// Counts for `len` holes, mostly at most `small`, now and then any.
fn counts(u: &mut Unstructured<'_>, len: usize, small: u16) -> arbitrary::Result<Vec<u16>> {
    let wild = u.ratio(1, 8)?;
    (0..len)
        .map(|_| {
            if wild && u.ratio(1, 4)? {
                u.arbitrary()
            } else {
                u.int_in_range(0..=small)
            }
        })
        .collect()
}

/// A board for `topology`: its holes (now and then one more or fewer) and
/// stores.
fn board(u: &mut Unstructured<'_>, topology: &Topology, small: u16) -> arbitrary::Result<Board> {
    let len = match u.int_in_range(0..=31u8)? {
        0 => topology.holes() + 1,
        1 => topology.holes() - 1,
        _ => topology.holes(),
    };
    let holes = counts(u, len, small)?;
    let stores = counts(u, MAX_PLAYERS, 3)?;
    Ok(Board::from_counts(&holes, &stores))
}

fn total(board: &Board) -> u32 {
    board.total()
}

/// Whether no count of the board can saturate whatever is sown or taken.
fn unsaturated(board: &Board) -> bool {
    total(board) <= u32::from(u16::MAX)
}

// ---------------------------------------------------------------------------
// The plain model of a move
// ---------------------------------------------------------------------------

/// What a move does, by the plain model.
#[derive(Debug)]
enum Model {
    /// It ends after `laps` laps.
    Finite {
        landing: Landing,
        laps: u64,
        board: Board,
    },
    /// Lap start `mu + lambda` repeats lap start `mu`; `board` and `hole`
    /// are that lap start.
    Endless {
        mu: u64,
        lambda: u64,
        board: Board,
        hole: Pit,
    },
    /// Neither within `n` laps.
    Undecided,
}

/// One lap from `from`, seed by seed (RULES.md: sow from the next hole; a
/// seed enters the mover's store, with `into_own_store`, where the store
/// sits: right after the last hole of its owner's last row, going
/// counter-clockwise).
fn model_lap(
    board: &mut Board,
    topology: &Topology,
    spec: SowSpec,
    mover: Player,
    from: Pit,
) -> Landing {
    let n = topology.holes();
    let mut seeds = board.take(from);
    // Toguz Kumalak: the first seed goes back, unless it is the only one.
    if spec.first_into_origin && seeds > 1 {
        board.add(from, 1);
        seeds -= 1;
    }
    let mut at = from.index();
    let layout = topology.layout();
    let owners = layout.row_owners();
    let store_after = |i: usize| -> Option<Player> {
        // The last hole of a player's last row.
        let row_len = topology.row_len();
        if !(i + 1).is_multiple_of(row_len) {
            return None;
        }
        let row = i / row_len;
        let owner = owners[row];
        owners[row + 1..]
            .iter()
            .all(|&o| o != owner)
            .then_some(owner)
    };
    while seeds > 0 {
        let (next, passed) = match spec.direction {
            Direction::CounterClockwise => ((at + 1) % n, store_after(at)),
            Direction::Clockwise => ((at + n - 1) % n, store_after((at + n - 1) % n)),
        };
        if spec.into_own_store && passed == Some(mover) {
            board.add_to_store(mover, 1);
            seeds -= 1;
            if seeds == 0 {
                return Landing::Store(mover);
            }
        }
        at = next;
        if spec.skip_origin && at == from.index() {
            continue;
        }
        let p = hole(at);
        board.add(p, 1);
        seeds -= 1;
        if seeds == 0 {
            return Landing::Hole(p);
        }
    }
    Landing::Hole(from)
}

/// The move from `origin` (on the board, not empty) by the model, within
/// `n` lap starts.
fn model<R: RelayRule>(
    board: &Board,
    topology: &Topology,
    spec: SowSpec,
    mover: Player,
    relay: &R,
    origin: Pit,
    n: u64,
) -> Model {
    let mut seen: HashMap<(Board, Pit), u64> = HashMap::new();
    let mut board = board.clone();
    let mut hole = origin;
    for i in 0..=n {
        if let Some(&mu) = seen.get(&(board.clone(), hole)) {
            return Model::Endless {
                mu,
                lambda: i - mu,
                board,
                hole,
            };
        }
        if i == n {
            break;
        }
        seen.insert((board.clone(), hole), i);
        match model_lap(&mut board, topology, spec, mover, hole) {
            Landing::Hole(p) if relay.relays(&board, p) => hole = p,
            landing => {
                return Model::Finite {
                    landing,
                    laps: i + 1,
                    board,
                };
            }
        }
    }
    Model::Undecided
}

// ---------------------------------------------------------------------------
// The sower
// ---------------------------------------------------------------------------

struct Case<'a> {
    topology: &'a Topology,
    spec: SowSpec,
    mover: Player,
    endless: Endless,
    board: &'a Board,
    origin: Pit,
}

/// Replays a move's events on `board`.
fn replay(board: &Board, events: &[Event]) -> Board {
    let mut board = board.clone();
    for &event in events {
        match event {
            Event::Lift { pit, seeds } => assert_eq!(board.take(pit), seeds, "lifted seeds"),
            Event::Sow { pit } => board.add(pit, 1),
            Event::Store { player } => board.add_to_store(player, 1),
            Event::EndlessStop => {}
            e => panic!("a sowing told {e:?}"),
        }
    }
    board
}

/// Sows the case under `relay` and `max_laps` by both paths, checks what
/// every sowing keeps, and returns the result and the board.
fn sow<R: RelayRule>(
    case: &Case<'_>,
    relay: &R,
    max_laps: Option<u64>,
) -> (Result<Sown, SowError>, Board) {
    let sower = Sower {
        topology: case.topology,
        spec: case.spec,
        mover: case.mover,
        relay,
        endless: case.endless,
        max_laps,
    };
    let before = case.board;
    let mut quiet = before.clone();
    let result = sower.sow(&mut quiet, case.origin, &mut ());
    // The legal set's one pass (`Sower::standing`, on a scratch board of
    // any size) agrees with sowing the move alone.
    let mut candidates = PitSet::EMPTY;
    candidates.insert(case.origin);
    let standing = sower.standing(before, candidates, &mut Board::filled(2, 0));
    match &result {
        Ok(_) => assert_eq!(standing, Ok(candidates), "a move that stands"),
        Err(SowError::Undecided(u)) => assert_eq!(standing, Err(*u), "an undecided move"),
        Err(_) => assert_eq!(standing, Ok(PitSet::EMPTY), "a refused move"),
    }
    // The observer path drops every seed of every lap one by one: only
    // where that stays cheap.
    let mut events = Vec::new();
    let cheap = u64::from(total(before)) * max_laps.unwrap_or(OBSERVED_WORK) <= OBSERVED_WORK;
    if cheap {
        let mut observed = before.clone();
        let told = sower.sow(&mut observed, case.origin, &mut events);
        assert_eq!(told, result, "the observer path's result");
        assert_eq!(observed, quiet, "the observer path's board");
    }
    let on_board = case.topology.contains(case.origin) && before.len() == case.topology.holes();
    match result {
        Err(e) => {
            assert_eq!(&quiet, before, "a refused move ({e}) changed the board");
            assert!(events.is_empty(), "a refused move ({e}) told {events:?}");
            match e {
                SowError::NotOnBoard(p) => {
                    assert_eq!(p, case.origin);
                    assert!(!on_board);
                }
                SowError::EmptyHole(p) => {
                    assert_eq!(p, case.origin);
                    assert!(on_board && before.get(p) == 0);
                }
                SowError::Endless(_) => assert_eq!(case.endless, Endless::Forbid),
                SowError::Undecided(u) => {
                    assert_eq!(
                        u,
                        Undecided {
                            pit: case.origin,
                            player: case.mover,
                            max_laps: max_laps.expect("undecided without a budget"),
                        }
                    );
                }
            }
            if matches!(e, SowError::Endless(_) | SowError::Undecided(_)) {
                assert!(on_board && before.get(case.origin) > 0);
            }
        }
        Ok(sown) => {
            assert!(on_board && before.get(case.origin) > 0);
            assert!(sown.laps >= 1);
            if let Some(n) = max_laps {
                assert!(sown.laps <= n, "{} laps under a budget of {n}", sown.laps);
            }
            if unsaturated(before) {
                assert_eq!(total(&quiet), total(before), "seeds are conserved");
            }
            if !cheap {
                return (result, quiet);
            }
            let lifts = events
                .iter()
                .filter(|e| matches!(e, Event::Lift { .. }))
                .count();
            assert_eq!(lifts as u64, sown.laps, "one lift a lap");
            assert_eq!(
                events.first().map(|e| matches!(e, Event::Lift { .. })),
                Some(true)
            );
            assert_eq!(events.last() == Some(&Event::EndlessStop), sown.endless);
            assert_eq!(
                replay(before, &events),
                quiet,
                "the events replay to the board"
            );
            if sown.endless {
                assert_eq!(case.endless, Endless::Stop);
            } else {
                match sown.landing {
                    Landing::Hole(p) => {
                        assert!(case.topology.contains(p));
                        assert!(!relay.relays(&quiet, p), "the move ended where it relays");
                    }
                    Landing::Store(p) => {
                        assert!(case.spec.into_own_store && p == case.mover);
                    }
                }
            }
        }
    }
    (result, quiet)
}

/// How many lap starts the move needs, from its unbounded result.
fn needed(result: &Result<Sown, SowError>) -> Option<u64> {
    match *result {
        Ok(sown) => Some(sown.laps),
        Err(SowError::Endless(EndlessRelay {
            laps_before_cycle,
            cycle_laps,
        })) => Some(laps_before_cycle + cycle_laps),
        _ => None,
    }
}

/// The budgeted result against the model and (when `unbounded` is given)
/// against the unbounded sower.
fn check_budget<R: RelayRule>(
    case: &Case<'_>,
    relay: &R,
    n: u64,
    result: &Result<Sown, SowError>,
    after: &Board,
    unbounded: Option<&(Result<Sown, SowError>, Board)>,
) {
    let on_board = case.topology.contains(case.origin) && case.board.len() == case.topology.holes();
    if !on_board || case.board.get(case.origin) == 0 {
        return;
    }
    let undecided = Err(SowError::Undecided(Undecided {
        pit: case.origin,
        player: case.mover,
        max_laps: n,
    }));
    if let Some((exact, exact_board)) = unbounded {
        let needed = needed(exact).unwrap_or_else(|| panic!("unbounded refusal {exact:?}"));
        if needed <= n {
            assert_eq!(result, exact, "budget {n}, the move needs {needed}");
            assert_eq!(after, exact_board);
        } else {
            assert_eq!(result, &undecided, "budget {n}, the move needs {needed}");
            assert_eq!(after, case.board);
        }
    }
    if total(case.board) > MODEL_SEEDS || n > 5000 {
        return;
    }
    let expected = match model(
        case.board,
        case.topology,
        case.spec,
        case.mover,
        relay,
        case.origin,
        n,
    ) {
        Model::Finite {
            landing,
            laps,
            board,
        } => (
            Ok(Sown {
                landing,
                laps,
                endless: false,
            }),
            board,
        ),
        Model::Endless {
            mu,
            lambda,
            board,
            hole,
        } => match case.endless {
            Endless::Forbid => (
                Err(SowError::Endless(EndlessRelay {
                    laps_before_cycle: mu,
                    cycle_laps: lambda,
                })),
                case.board.clone(),
            ),
            Endless::Stop => (
                Ok(Sown {
                    landing: Landing::Hole(hole),
                    laps: mu + lambda,
                    endless: true,
                }),
                board,
            ),
        },
        Model::Undecided => (undecided, case.board.clone()),
    };
    assert_eq!(result, &expected.0, "the model's result under budget {n}");
    assert_eq!(after, &expected.1, "the model's board under budget {n}");
}

fn sow_case(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let topology = topology(u)?;
    let rule = u.int_in_range(0..=6u8)?;
    let k: u16 = match u.int_in_range(0..=7u8)? {
        0 => 0,
        1 => 1,
        2 => u.arbitrary()?,
        _ => u.int_in_range(2..=8)?,
    };
    let small = match u.int_in_range(0..=3u8)? {
        0 => k.max(1),
        1 => u.int_in_range(0..=3)?,
        _ => u.int_in_range(0..=12)?,
    };
    let board = board(u, &topology, small)?;
    let mover = if u.ratio(1, 16)? {
        player(u)?
    } else {
        Player::new(u.int_in_range(0..=topology.players() - 1)?).unwrap_or_default()
    };
    let origin = if u.ratio(1, 16)? {
        pit(u)?
    } else {
        hole(u.int_in_range(0..=topology.holes() - 1)?)
    };
    let case = Case {
        topology: &topology,
        spec: u.arbitrary()?,
        mover,
        endless: u.arbitrary()?,
        board: &board,
        origin,
    };
    let n: u64 = match u.int_in_range(0..=15u8)? {
        0 => 0,
        1..=8 => u.int_in_range(1..=64)?,
        _ => u.int_in_range(1..=5000)?,
    };
    let tame = k >= 2 && board.holes().iter().all(|&c| c <= k);
    match rule {
        0 => {
            let (result, after) = sow(&case, &Relay::Never, Some(n));
            let exact = sow(&case, &Relay::Never, None);
            check_budget(&case, &Relay::Never, n, &result, &after, Some(&exact));
            let single = sow(&case, &SingleLap, Some(n));
            assert_eq!(single, (result, after), "SingleLap is Relay::Never");
        }
        1 | 2 => {
            let relay = Relay::AtLeast(k);
            let (result, after) = sow(&case, &relay, Some(n));
            let exact = tame.then(|| sow(&case, &relay, None));
            check_budget(&case, &relay, n, &result, &after, exact.as_ref());
            // The same rule as a closure: sown lap by lap.
            let closure = |b: &Board, p: Pit| b.get(p) >= k;
            let by_closure = sow(&case, &closure, Some(n));
            assert_eq!(by_closure, (result, after), "a closure for AtLeast({k})");
        }
        3 => {
            let set: CountSet = u.arbitrary()?;
            let relay = |b: &Board, p: Pit| set.contains(b.get(p));
            let (result, after) = sow(&case, &relay, Some(n));
            check_budget(&case, &relay, n, &result, &after, None);
        }
        4 => {
            // A rule that looks at another hole and the landing's index.
            let other = pit(u)?;
            let m = u.int_in_range(1..=5u16)?;
            let relay = move |b: &Board, p: Pit| {
                b.get(p) >= k
                    && !b
                        .get(other)
                        .wrapping_add(p.index() as u16)
                        .is_multiple_of(m)
            };
            let (result, after) = sow(&case, &relay, Some(n));
            check_budget(&case, &relay, n, &result, &after, None);
        }
        5 => {
            let relay = |_: &Board, _: Pit| true;
            let (result, after) = sow(&case, &relay, Some(n));
            check_budget(&case, &relay, n, &result, &after, None);
            let zero = sow(&case, &Relay::AtLeast(0), Some(n));
            assert_eq!(zero, (result, after), "AtLeast(0) always relays");
        }
        _ => {
            let relay = SingleLap;
            let (result, after) = sow(&case, &relay, Some(n));
            let exact = sow(&case, &relay, None);
            check_budget(&case, &relay, n, &result, &after, Some(&exact));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Captures and feeding
// ---------------------------------------------------------------------------

/// The row and owner of hole `i`, read from the layout.
fn row_owner(topology: &Topology, i: usize) -> (usize, Player) {
    let row = i / topology.row_len();
    (row, topology.layout().row_owners()[row])
}

fn pit_set(
    u: &mut Unstructured<'_>,
    topology: &Topology,
    anywhere: bool,
) -> arbitrary::Result<PitSet> {
    let limit = if anywhere {
        MAX_HOLES
    } else {
        topology.holes()
    };
    let mut set = PitSet::EMPTY;
    for i in 0..limit {
        if u.ratio(1, 3)? {
            set.insert(hole(i));
        }
    }
    Ok(set)
}

fn chain_case(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let topology = topology(u)?;
    let holes = counts(u, topology.holes(), 5)?;
    let board = Board::from_counts(&holes, &[]);
    let landing = if u.ratio(1, 16)? {
        pit(u)?
    } else {
        hole(u.int_in_range(0..=topology.holes() - 1)?)
    };
    // The move's origin: any hole (the landing hole itself too).
    let origin = hole(u.int_in_range(0..=topology.holes() - 1)?);
    let direction: Direction = u.arbitrary()?;
    let mover = player(u)?;
    let limit: ChainLimit = u.arbitrary()?;
    let set: CountSet = u.arbitrary()?;
    let (lo, hi) = (u.int_in_range(0..=6u16)?, u.int_in_range(0..=6u16)?);
    let by_range = u.arbitrary::<bool>()?;
    let takes = |c: u16| {
        if by_range {
            lo <= c && c <= hi
        } else {
            set.contains(c)
        }
    };
    let taken = chain(
        &board, &topology, origin, landing, direction, mover, limit, takes,
    );
    // The model: walk back from the landing hole by index arithmetic.
    let n = topology.holes();
    let mut expected = PitSet::EMPTY;
    let l = landing.index();
    if l < n && takes(holes[l]) {
        expected.insert(landing);
        let (row, owner) = row_owner(&topology, l);
        if limit == ChainLimit::Neighbours {
            // Not a chain: the holes just before and after, in the row.
            for i in [(l + n - 1) % n, (l + 1) % n] {
                if i != l && row_owner(&topology, i).0 == row && takes(holes[i]) {
                    expected.insert(hole(i));
                }
            }
        }
        for d in 1..n {
            let i = match direction {
                Direction::CounterClockwise => (l + n - d) % n,
                Direction::Clockwise => (l + d) % n,
            };
            let (r, o) = row_owner(&topology, i);
            let within = match limit {
                ChainLimit::Row => r == row,
                ChainLimit::Owner => o == owner,
                ChainLimit::NotMover => o != mover,
                ChainLimit::Ring => true,
                ChainLimit::ToOrigin => i != origin.index(),
                ChainLimit::Landing | ChainLimit::Neighbours => false,
            };
            if !within || !takes(holes[i]) {
                break;
            }
            expected.insert(hole(i));
        }
    }
    assert_eq!(
        taken, expected,
        "chain from {landing} of {holes:?}, {limit:?}"
    );
    for p in taken.iter() {
        assert!(takes(board.get(p)), "a hole the predicate refuses");
    }
    Ok(())
}

fn slam_case(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let topology = topology(u)?;
    let holes = counts(u, topology.holes(), 3)?;
    let stores = counts(u, MAX_PLAYERS, 5)?;
    let board = Board::from_counts(&holes, &stores);
    let anywhere = u.ratio(1, 8)?;
    let set = pit_set(u, &topology, anywhere)?;
    let slam = is_grand_slam(&board, &topology, set);
    if !anywhere {
        // Some player taken from has no seeds outside the holes taken.
        let expected = set.iter().any(|p| {
            let victim = row_owner(&topology, p.index()).1;
            (0..topology.holes()).all(|i| {
                row_owner(&topology, i).1 != victim || holes[i] == 0 || set.contains(hole(i))
            })
        });
        assert_eq!(slam, expected, "grand slam of {set:?} on {holes:?}");
    }
    // Taking them: the seeds go to the store, nothing else changes.
    let by = player(u)?;
    let mut quiet = board.clone();
    let seeds = take_into_store(&mut quiet, set, by, &mut ());
    let mut observed = board.clone();
    let mut events = Vec::new();
    assert_eq!(take_into_store(&mut observed, set, by, &mut events), seeds);
    assert_eq!(observed, quiet, "observer and quiet paths");
    let mut expected = board.clone();
    let mut sum = 0u32;
    let mut told = Vec::new();
    for i in 0..topology.holes() {
        let p = hole(i);
        if set.contains(p) {
            let c = expected.take(p);
            sum += u32::from(c);
            told.push(Event::Capture {
                pit: p,
                seeds: c,
                by,
            });
        }
    }
    expected.add_to_store(by, u16::try_from(sum).unwrap_or(u16::MAX));
    assert_eq!(seeds, sum, "the seeds taken");
    assert_eq!(quiet, expected, "the board after taking");
    assert_eq!(events, told, "one capture event a hole");
    if u32::from(board.store(by)) + sum <= u32::from(u16::MAX) {
        assert_eq!(total(&quiet), total(&board), "taking conserves seeds");
    }
    Ok(())
}

fn feeding_case(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let policy: Feeding = u.arbitrary()?;
    let hungry: bool = u.arbitrary()?;
    let outcomes: [Option<bool>; 8] = u.arbitrary()?;
    let len = u.int_in_range(0..=12usize)?;
    let candidates: Vec<u8> = (0..len)
        .map(|_| u.int_in_range(0..=7u8))
        .collect::<arbitrary::Result<_>>()?;
    let stop_after: Option<usize> = if u.arbitrary()? {
        Some(u.int_in_range(0..=12)?)
    } else {
        None
    };
    let outcome = |m: u8| outcomes[usize::from(m)];
    let mut emitted = Vec::new();
    let flow = filter_feeding(policy, hungry, candidates.iter().copied(), outcome, |m| {
        emitted.push(m);
        if stop_after == Some(emitted.len() - 1) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    // The documented rule: when the next player has seeds, or under `Off`,
    // every move that is not illegal for another reason; when he is hungry,
    // the moves that feed him, or if none does, all of them under
    // `IfPossible` and none under `Required`.
    let playable: Vec<u8> = candidates
        .iter()
        .copied()
        .filter(|&m| outcome(m).is_some())
        .collect();
    let feeds: Vec<u8> = candidates
        .iter()
        .copied()
        .filter(|&m| outcome(m) == Some(true))
        .collect();
    let legal = if !hungry || policy == Feeding::Off {
        playable
    } else if !feeds.is_empty() || policy != Feeding::IfPossible {
        feeds
    } else {
        playable
    };
    match stop_after {
        Some(s) if s < legal.len() => {
            assert_eq!(flow, ControlFlow::Break(()));
            assert_eq!(emitted, legal[..=s], "{policy:?} hungry={hungry}");
        }
        _ => {
            assert_eq!(flow, ControlFlow::Continue(()));
            assert_eq!(emitted, legal, "{policy:?} hungry={hungry}");
        }
    }
    Ok(())
}

fn check(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(which) = u.int_in_range(0..=7u8) else {
        return;
    };
    let _ = match which {
        0..=3 => sow_case(&mut u),
        4 => chain_case(&mut u),
        5 | 6 => slam_case(&mut u),
        _ => feeding_case(&mut u),
    };
}

fuzz_target!(
    init: seeds::prepare("engine", check),
    |data: &[u8]| check(data)
);
