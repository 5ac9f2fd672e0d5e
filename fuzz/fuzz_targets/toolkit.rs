//! Fuzz target `toolkit`: the core's building blocks driven directly, each
//! checked against its documented contract (not only "no panic").
//!
//! - [`Sower::sow`] on arbitrary boards (any counts, lengths off by one) of
//!   arbitrary layouts, any origin and mover, every sowing spec, relay
//!   rules `Relay::Never`, `Relay::AtLeast(k)` for any `k` (0 and 1
//!   included, which `Rules` refuse but the sower takes), `SingleLap` and
//!   closures (`Fn(&Board, Pit) -> bool`), each call drawing on a
//!   [`Meter`] of its own (the work budget is a number of seeds sown per
//!   call, beyond each move's first 256 laps, which are free). Contracts:
//!   a refused move leaves the board unchanged and records no event; an
//!   accepted one conserves the seeds (holes and stores, when no count can
//!   saturate); the observer path (`Vec<Event>`) gives the result and board
//!   of the quiet path (`()`), and its events replay to that board; a meter
//!   never spends beyond its budget, and a move decided under a budget of
//!   `n` seeds took at most `256 + n` laps (cycle included).
//!   The budget: each case is sown under a reference budget
//!   (`Budget::UNLIMITED` where exact detection is known to stay fast: no
//!   relay, "tame" boards with relay at `k >= 2` and every hole at most `k`
//!   seeds as the property tests have it, or a move the model decides;
//!   else `REFERENCE_SEEDS`, as exact detection can take minutes on full
//!   boards) and under a budget of `n` seeds drawn from the input (often
//!   just below or at the seeds the reference run spent): (a) a result
//!   decided under the smaller budget is the larger one's, board included;
//!   (b) an undecided move leaves the board as it was and is refused as
//!   `SowError::Undecided { pit, player, budget: n }`; (c) a budget of at
//!   least the seeds a deciding run spent decides the move (the same laps
//!   are walked, drawing the same seeds). The reference result is checked
//!   against a plain model in this file (lap by lap, every lap start
//!   remembered) on boards of few seeds, where it decides within
//!   `MODEL_LAPS` laps. [`Sower::standing`] of the origin alone agrees
//!   with the sowing (stands, refused, or the same `Undecided`; it never
//!   works more than the sowing, so it may decide a move the sowing left
//!   undecided, and then as any larger budget does). A closure equivalent
//!   to `Relay::AtLeast(k)` gives exactly its runs, seeds spent included
//!   (the engine sows threshold rules on the counts directly, closures lap
//!   by lap).
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
    Board, Budget, Event, Landing, Layout, Meter, Pit, PitSet, Player, Topology,
    budget::Undecided,
    rules::{
        ChainLimit, CountSet, Direction, Endless, Feeding, LastSeed, MAX_HOLES, MAX_PLAYERS,
        MAX_TWO_ROW_LEN, Relay, SowSpec, StoreSide,
    },
    toolkit::{
        EndlessRelay, RelayRule, SingleLap, SowError, Sower, Sown, chain, filter_feeding,
        is_grand_slam, take_into_store,
    },
};

/// The observer path runs when the laps sown times the board's seeds are
/// at most this (it records every seed).
const OBSERVED_WORK: u64 = 4_000_000;

/// Boards of at most this many seeds are checked against the plain model.
const MODEL_SEEDS: u32 = 600;

/// The lap starts the plain model walks before it gives up.
const MODEL_LAPS: u64 = 5000;

/// The reference budget where exact detection could walk for minutes: a
/// few milliseconds of sowing.
const REFERENCE_SEEDS: u64 = 1_000_000;

/// The laps of each move sown without drawing on the budget
/// (`mancala_core::Budget`, "The unit").
const PLAIN_LAPS: u64 = 256;

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
    /// Neither within the lap starts the model may walk.
    Undecided,
}

/// One lap from `from`, seed by seed (RULES.md: sow from the next hole; a
/// seed enters the mover's store, with `into_own_store`, where the store
/// sits: right after the last hole of its owner's last row, going
/// counter-clockwise, or, on his left, right before the first hole of his
/// first row).
fn model_lap(
    board: &mut Board,
    topology: &Topology,
    spec: SowSpec,
    mover: Player,
    from: Pit,
) -> Landing {
    let n = topology.holes();
    let mut seeds = board.take(from);
    // Toguz Kumalak: the first seed goes back, unless it is the only one;
    // Kapana Bona: a lone seed goes back, and the lap ends there.
    if spec.first_into_origin && seeds > 1 || spec.single_into_origin && seeds == 1 {
        board.add(from, 1);
        seeds -= 1;
        if seeds == 0 {
            return Landing::Hole(from);
        }
    }
    let mut at = from.index();
    let layout = topology.layout();
    let owners = layout.row_owners();
    let store_after = |i: usize| -> Option<Player> {
        let row_len = topology.row_len();
        if !(i + 1).is_multiple_of(row_len) {
            return None;
        }
        match layout.store_side {
            // The last hole of a player's last row.
            StoreSide::Right => {
                let row = i / row_len;
                let owner = owners[row];
                owners[row + 1..]
                    .iter()
                    .all(|&o| o != owner)
                    .then_some(owner)
            }
            // The hole before the first of a player's first row.
            StoreSide::Left => {
                let row = ((i + 1) % n) / row_len;
                let owner = owners[row];
                owners[..row].iter().all(|&o| o != owner).then_some(owner)
            }
        }
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

impl Case<'_> {
    /// Whether the origin can be sown at all: on the board, which fits the
    /// topology, and not empty.
    fn sowable(&self) -> bool {
        self.topology.contains(self.origin)
            && self.board.len() == self.topology.holes()
            && self.board.get(self.origin) > 0
    }
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

/// One move sown under one budget: the result, the board after it, what
/// [`Sower::standing`] says of the origin alone, and the seeds the quiet
/// sowing drew from its meter.
#[derive(Debug, PartialEq)]
struct Run {
    result: Result<Sown, SowError>,
    after: Board,
    standing: Result<PitSet, Undecided>,
    spent: u64,
}

impl Run {
    fn decided(&self) -> bool {
        !matches!(self.result, Err(SowError::Undecided(_)))
    }
}

/// Sows the case under `relay` and `budget` by both paths (each call on a
/// meter of its own: a meter is one call's), checks what every sowing
/// keeps, and returns the run.
fn sow<R: RelayRule>(case: &Case<'_>, relay: &R, budget: Budget) -> Run {
    let (meter, standing_meter, observed_meter) =
        (Meter::new(budget), Meter::new(budget), Meter::new(budget));
    let sower = |meter| {
        Sower::new(case.topology, case.spec, case.mover, relay, meter).endless(case.endless)
    };
    let before = case.board;
    let mut quiet = before.clone();
    let result = sower(&meter).sow(&mut quiet, case.origin, &mut ());
    let spent = meter.spent();
    assert_eq!(meter.budget(), budget);
    if let Some(n) = budget.limit() {
        assert!(spent <= n, "{spent} seeds spent under a budget of {n}");
    }
    // The legal set's one pass (`Sower::standing`, on a scratch board of
    // any size) agrees with sowing the move alone. It does no more work
    // than the sowing (it never measures a cycle), so it decides whatever
    // the sowing decided under the same budget, and may decide more.
    let mut candidates = PitSet::EMPTY;
    candidates.insert(case.origin);
    let standing = sower(&standing_meter).standing(before, candidates, &mut Board::filled(2, 0));
    match &result {
        Ok(_) => assert_eq!(standing, Ok(candidates), "a move that stands"),
        Err(SowError::Undecided(u)) => match standing {
            Err(v) => assert_eq!(v, *u, "an undecided move"),
            Ok(set) => assert!(set.iter().all(|p| p == case.origin), "{set:?}"),
        },
        Err(_) => assert_eq!(standing, Ok(PitSet::EMPTY), "a refused move"),
    }
    // The observer path drops every seed of every lap one by one: only
    // where that stays cheap (a refused move records nothing).
    let cheap = match &result {
        Ok(sown) => sown.laps.saturating_mul(u64::from(total(before))) <= OBSERVED_WORK,
        Err(_) => true,
    };
    let mut events = Vec::new();
    if cheap {
        let mut observed = before.clone();
        let told = sower(&observed_meter).sow(&mut observed, case.origin, &mut events);
        assert_eq!(told, result, "the observer path's result");
        assert_eq!(observed, quiet, "the observer path's board");
    }
    let on_board = case.topology.contains(case.origin) && before.len() == case.topology.holes();
    // Beyond a move's first laps every lap is drawn from the budget, and
    // each lifts at least one seed.
    let most_laps = budget.limit().map(|n| n.saturating_add(PLAIN_LAPS));
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
                SowError::Endless(EndlessRelay {
                    laps_before_cycle,
                    cycle_laps,
                }) => {
                    assert_eq!(case.endless, Endless::Forbid);
                    assert!(cycle_laps >= 1);
                    if let Some(most) = most_laps {
                        let laps = laps_before_cycle.saturating_add(cycle_laps);
                        assert!(laps <= most, "a cycle of {laps} laps within {budget}");
                    }
                }
                SowError::Undecided(u) => {
                    assert_eq!(
                        u,
                        Undecided {
                            pit: case.origin,
                            player: case.mover,
                            budget: budget.limit().expect("undecided without a budget"),
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
            if let Some(most) = most_laps {
                assert!(sown.laps <= most, "{} laps within {budget}", sown.laps);
            }
            if unsaturated(before) {
                assert_eq!(total(&quiet), total(before), "seeds are conserved");
            }
            if cheap {
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
            }
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
    Run {
        result,
        after: quiet,
        standing,
        spent,
    }
}

/// Two runs of the same move, `small` under a budget of at most `large`'s
/// (`Budget::UNLIMITED` the largest): a budget never changes a result, so
/// whatever `small` decided `large` decided alike, board included; and a
/// budget of at least the seeds a deciding run spent decides too (the same
/// laps are walked, drawing the same seeds).
fn check_pair(case: &Case<'_>, small: (&Run, Budget), large: (&Run, Budget)) {
    let ((s, s_budget), (l, l_budget)) = (small, large);
    if s.decided() {
        assert_eq!(
            s.result, l.result,
            "decided under {s_budget}, otherwise under {l_budget}"
        );
        assert_eq!(
            s.after, l.after,
            "the board under {s_budget} and {l_budget}"
        );
    }
    if let Ok(set) = s.standing {
        assert_eq!(
            l.standing,
            Ok(set),
            "standing under {s_budget} and {l_budget}"
        );
    }
    if l.decided() && s_budget.limit().is_none_or(|n| n >= l.spent) {
        assert!(
            s.decided(),
            "a move deciding in {} seeds ({:?}) undecided under {s_budget}",
            l.spent,
            l.result
        );
    }
    if !case.sowable() {
        assert_eq!(s, l, "a move that cannot be sown");
    }
}

/// The model's result and board, where it decides the move.
fn model_expects(case: &Case<'_>, model: &Model) -> Option<(Result<Sown, SowError>, Board)> {
    Some(match *model {
        Model::Finite {
            landing,
            laps,
            ref board,
        } => (
            Ok(Sown {
                landing,
                laps,
                endless: false,
            }),
            board.clone(),
        ),
        Model::Endless {
            mu,
            lambda,
            ref board,
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
                board.clone(),
            ),
        },
        Model::Undecided => return None,
    })
}

/// Checks the sower under `relay` for one case: a reference run (without
/// a limit where that is known to stay fast, else under
/// [`REFERENCE_SEEDS`]) against the plain model, then a run under a budget
/// `n` drawn from the input (often just below or at the seeds the
/// reference spent) against the reference. With `twin`, a rule documented
/// to relay exactly as `relay` does decides alike, within three times the
/// seeds (its laps are sown one by one, each seed counting 3).
fn check_rule<R: RelayRule, T: RelayRule>(
    u: &mut Unstructured<'_>,
    case: &Case<'_>,
    relay: &R,
    twin: Option<(&T, &str)>,
    exact: bool,
) -> arbitrary::Result<()> {
    let model = if case.sowable() && total(case.board) <= MODEL_SEEDS {
        model(
            case.board,
            case.topology,
            case.spec,
            case.mover,
            relay,
            case.origin,
            MODEL_LAPS,
        )
    } else {
        Model::Undecided
    };
    let expected = model_expects(case, &model);
    // Without a limit only where detection is known to stay fast: the
    // model walked the move within `MODEL_LAPS` laps, or the caller says
    // so (no relay, tame boards); exact detection can take minutes.
    let reference_budget = if exact || expected.is_some() {
        Budget::UNLIMITED
    } else {
        Budget::seeds(REFERENCE_SEEDS)
    };
    let reference = sow(case, relay, reference_budget);
    if let Some((result, board)) = &expected {
        assert!(reference.decided(), "the model decides {model:?}");
        assert_eq!(&reference.result, result, "the model's result");
        assert_eq!(&reference.after, board, "the model's board");
    }
    let spent = reference.spent;
    let n: u64 = match u.int_in_range(0..=15u8)? {
        0 => 0,
        1..=3 => u.int_in_range(1..=64)?,
        4..=7 => u.int_in_range(1..=5000)?,
        8..=11 => spent.saturating_add(u.int_in_range(0..=3)?),
        _ => spent.saturating_sub(u.int_in_range(1..=64)?),
    };
    let budget = Budget::seeds(n);
    let run = sow(case, relay, budget);
    if reference_budget.limit().is_none_or(|r| n <= r) {
        check_pair(case, (&run, budget), (&reference, reference_budget));
    } else {
        check_pair(case, (&reference, reference_budget), (&run, budget));
    }
    if let Some((twin, name)) = twin {
        // The twin is a closure: the engine sows its laps one by one, each
        // seed counting 3 where the threshold rule's lanes count 1. Where
        // both decide, they decide alike; given three times what the
        // threshold rule spent, the twin decides whatever it did.
        for (mine, budget) in [(&run, budget), (&reference, reference_budget)] {
            let theirs = sow(case, twin, budget);
            if theirs.decided() && mine.decided() {
                assert_eq!(
                    (&theirs.result, &theirs.after),
                    (&mine.result, &mine.after),
                    "{name}, under {budget}"
                );
            }
            assert!(theirs.spent <= 3 * mine.spent.max(1) || !theirs.decided() || !mine.decided());
        }
        if reference.decided() {
            let ample = Budget::seeds(reference.spent.saturating_mul(3));
            let theirs = sow(case, twin, ample);
            assert!(theirs.decided(), "{name} under {ample}");
            assert_eq!(
                (&theirs.result, &theirs.after),
                (&reference.result, &reference.after),
                "{name}"
            );
        }
    }
    Ok(())
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
    // Exact detection stays fast on "tame" boards (relay at `k >= 2`, every
    // hole at most `k` seeds), as the property tests have it.
    let tame = k >= 2 && board.holes().iter().all(|&c| c <= k);
    match rule {
        0 => check_rule(
            u,
            &case,
            &Relay::Never,
            Some((&SingleLap, "SingleLap")),
            true,
        )?,
        1 | 2 => {
            // The same rule as a closure: sown lap by lap, on the counts
            // directly for the threshold rule.
            let closure = |b: &Board, p: Pit| b.get(p) >= k;
            let name = format!("a closure for AtLeast({k})");
            check_rule(u, &case, &Relay::AtLeast(k), Some((&closure, &*name)), tame)?;
        }
        3 => {
            let set: CountSet = u.arbitrary()?;
            let relay = |b: &Board, p: Pit| set.contains(b.get(p));
            check_rule(u, &case, &relay, None::<(&Relay, _)>, false)?;
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
            check_rule(u, &case, &relay, None::<(&Relay, _)>, false)?;
        }
        5 => {
            let relay = |_: &Board, _: Pit| true;
            let zero = Relay::AtLeast(0);
            check_rule(
                u,
                &case,
                &relay,
                Some((&zero, "AtLeast(0) always relays")),
                false,
            )?;
        }
        _ => check_rule(u, &case, &SingleLap, None::<(&Relay, _)>, true)?,
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
        &board,
        &topology,
        LastSeed {
            origin,
            landing,
            direction,
            mover,
        },
        limit,
        takes,
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
                ChainLimit::RowToOrigin => r == row && i != origin.index(),
                ChainLimit::Owner => o == owner,
                ChainLimit::NotMover => o != mover,
                ChainLimit::Ring => true,
                ChainLimit::ToOrigin => i != origin.index(),
                ChainLimit::Landing | ChainLimit::Neighbours => false,
            };
            if !within || !takes(holes[i]) {
                break;
            }
            // An empty hole a chain of counts holding 0 passes gives nothing.
            if holes[i] > 0 {
                expected.insert(hole(i));
            }
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
