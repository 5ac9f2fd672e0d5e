//! Fuzz target `sowing_reference`: the sower (`Sower::sow`,
//! `Sower::standing`, `Sower::single_lap`) against the plain statement of
//! the rules, `mancala_core::toolkit::sow_reference`, on arbitrary boards (any
//! counts, now and then near `u16::MAX`, lengths off by one), layouts, any
//! origin and mover, every sowing spec, endless policy and relay rule
//! (`Relay` of any threshold, `SingleLap`, and closures, which the engine
//! sows lap by lap). Wherever the reference decides the move within its cap
//! of laps, the engine, under a work budget sized from that cap, gives the
//! same result (landing, laps, endless flag, or the same error, endless
//! relays measured alike) and leaves the same board; `standing` keeps the
//! origin exactly when the move is sown, and a first lap `single_lap`
//! judges ends there. Cases the reference cannot decide are skipped.

#![no_main]

#[path = "common/seeds.rs"]
mod seeds;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::toolkit::sow_reference::{Move, Sowing};
use mancala_core::{
    Board, Budget, Layout, Meter, Pit, PitSet, Player, Topology,
    rules::{Endless, MAX_HOLES, MAX_PLAYERS, MAX_TWO_ROW_LEN, Relay, SowSpec},
    toolkit::{RelayRule, SingleLap, SowError, Sower, Sown},
};

/// The seeds the reference may drop one by one for a case, about (its cap
/// of laps is sized from it): a few milliseconds of an instrumented build.
const REFERENCE_WORK: u64 = 400_000;

/// The most laps the reference walks (it compares every lap start with
/// every earlier one).
const MOST_LAPS: u64 = 400;

/// One case: the board's shape and counts, how it is sown, and from where.
struct Case {
    topology: Topology,
    board: Board,
    spec: SowSpec,
    mover: Player,
    endless: Endless,
    origin: Pit,
}

impl Case {
    fn arbitrary(u: &mut Unstructured<'_>) -> arbitrary::Result<Case> {
        let layout = if u.arbitrary()? {
            Layout::arbitrary(u)?
        } else {
            Layout::two_rows(u.int_in_range(1..=MAX_TWO_ROW_LEN as u8)?)
        };
        let topology = Topology::new(layout).map_err(|_| arbitrary::Error::IncorrectFormat)?;
        let holes = topology.holes();
        let len = match u.int_in_range(0..=31u8)? {
            0 => holes + 1,
            1 => holes - 1,
            _ => holes,
        };
        let small = u.int_in_range(1..=9u16)?;
        let wild = u.ratio(1, 8)?;
        let counts = (0..len)
            .map(|_| match wild && u.ratio(1, 4)? {
                true => u.arbitrary(),
                false => u.int_in_range(0..=small),
            })
            .collect::<arbitrary::Result<Vec<u16>>>()?;
        let stores = (0..MAX_PLAYERS)
            .map(|_| u.int_in_range(0..=5u16))
            .collect::<arbitrary::Result<Vec<u16>>>()?;
        let origin = match u.ratio(1, 16)? {
            true => u.int_in_range(0..=MAX_HOLES - 1)?,
            false => u.int_in_range(0..=holes - 1)?,
        };
        Ok(Case {
            topology,
            board: Board::from_counts(&counts, &stores),
            spec: SowSpec::arbitrary(u)?,
            mover: Player::new(u.int_in_range(0..=MAX_PLAYERS - 1)?).unwrap_or_default(),
            endless: Endless::arbitrary(u)?,
            origin: Pit::new(origin).ok_or(arbitrary::Error::IncorrectFormat)?,
        })
    }

    /// The reference's cap of laps: fewer where a lap may drop many seeds.
    fn most_laps(&self) -> u64 {
        let most = self.board.holes().iter().copied().max().unwrap_or(0);
        let per_lap = u64::from(most) + self.topology.holes() as u64;
        (REFERENCE_WORK / per_lap).clamp(1, MOST_LAPS)
    }

    /// A budget that decides whatever the reference decides: Brent's walk
    /// and the measuring of `mu` take fewer than 8 times the move's laps,
    /// each at most a seed a hole, a seed counting at most 3.
    fn budget(&self) -> Budget {
        Budget::seeds(8 * (self.most_laps() + 1) * 3 * self.topology.holes() as u64)
    }

    fn sower<'a, R>(&'a self, relay: &'a R, meter: &'a Meter) -> Sower<'a, R> {
        Sower::new(&self.topology, self.spec, self.mover, relay, meter).endless(self.endless)
    }
}

/// The case's move under `relay`, by the reference and by the engine.
fn check<R: RelayRule>(case: &Case, relay: &R) {
    let sowing = Sowing {
        topology: &case.topology,
        spec: case.spec,
        mover: case.mover,
    };
    let rules = Move {
        sowing,
        relay,
        endless: case.endless,
        most_laps: case.most_laps(),
    };
    let mut expected_board = case.board.clone();
    let Some(expected) = rules.sow(&mut expected_board, case.origin) else {
        assert_eq!(
            expected_board, case.board,
            "an undecided move changed the board"
        );
        return;
    };
    if expected.is_err() {
        assert_eq!(
            expected_board, case.board,
            "a refused move changed the board"
        );
    }
    let meter = Meter::new(case.budget());
    let mut board = case.board.clone();
    let sown = case
        .sower(relay, &meter)
        .sow(&mut board, case.origin, &mut ());
    assert_eq!(sown, expected, "the engine's result");
    assert_eq!(board, expected_board, "the engine's board");
    let meter = Meter::new(case.budget());
    let sower = case.sower(relay, &meter);
    let mut candidates = PitSet::EMPTY;
    candidates.insert(case.origin);
    let stands = match expected {
        Ok(_) => candidates,
        Err(_) => PitSet::EMPTY,
    };
    let mut scratch = Board::filled(2, 0);
    assert_eq!(
        sower.standing(&case.board, candidates, &mut scratch),
        Ok(stands),
        "standing"
    );
    if let Some(landing) = sower.single_lap(&case.board, case.origin) {
        let one = Sown {
            landing,
            laps: 1,
            endless: false,
        };
        assert_eq!(expected, Ok(one), "single_lap");
    }
    if let Err(SowError::Endless(e)) = expected {
        assert!(e.cycle_laps >= 1);
    }
}

fn run(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let case = Case::arbitrary(u)?;
    match u.int_in_range(0..=4u8)? {
        0 => check(&case, &Relay::arbitrary(u)?),
        1 => check(&case, &Relay::AtLeast(u.int_in_range(2..=5)?)),
        2 => check(&case, &SingleLap),
        3 => {
            let k: u16 = u.int_in_range(0..=9)?;
            check(&case, &move |b: &Board, p: Pit| b.get(p) >= k);
        }
        _ => {
            // A rule of no threshold: an odd count of at least 3 relays.
            check(&case, &|b: &Board, p: Pit| {
                b.get(p) >= 3 && b.get(p) % 2 == 1
            });
        }
    }
    Ok(())
}

fn check_input(data: &[u8]) {
    let _ = run(&mut Unstructured::new(data));
}

fuzz_target!(
    init: seeds::prepare("sowing_reference", check_input),
    |data: &[u8]| check_input(data)
);
