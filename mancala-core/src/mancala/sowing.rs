//! One move's sowing and captures on a board, for the turn paths and the
//! legality trials.

use crate::{
    Board, Capture, Credit, Event, GrandSlam, Landing, Meter, Observer, Pit, PitSet, Player, Relay,
    RelayRule, Rules, SingleLap, SowError, Sower, Topology, Zone, capture,
};

use super::{Applied, Mancala, PlayError};

impl Mancala {
    /// The sowing engine for `mover`'s moves under `rules`, relaying by
    /// `relay`, drawing on `meter`.
    #[inline]
    pub(super) fn sower<'a, R: RelayRule>(
        rules: &Rules,
        topology: &'a Topology,
        mover: Player,
        relay: &'a R,
        meter: &'a Meter,
    ) -> Sower<'a, R> {
        Sower {
            topology,
            spec: rules.sowing,
            mover,
            relay,
            endless: rules.endless,
            meter,
        }
    }

    /// The sowing of one move on `board`, for `mover`, under the rules'
    /// relay rule, drawing on `meter`.
    #[inline]
    pub(super) fn sow_move<O: Observer>(
        rules: &Rules,
        topology: &Topology,
        board: &mut Board,
        pit: Pit,
        mover: Player,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<crate::Sown, SowError> {
        match rules.relay {
            Relay::Never => {
                Self::sower(rules, topology, mover, &SingleLap, meter).sow(board, pit, observer)
            }
            relay if rules.relay_if.is_plain() => {
                Self::sower(rules, topology, mover, &relay, meter).sow(board, pit, observer)
            }
            _ => Self::sow_conditioned(rules, topology, board, pit, mover, meter, observer),
        }
    }

    /// [`sow_move`](Mancala::sow_move) under relay conditions
    /// ([`Rules::relay_if`]), out of line: only Kay's kind of rules pay
    /// for them.
    #[inline(never)]
    pub(super) fn sow_conditioned<O: Observer>(
        rules: &Rules,
        topology: &Topology,
        board: &mut Board,
        pit: Pit,
        mover: Player,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<crate::Sown, SowError> {
        // A pure function of the board and the landing hole, as the
        // engine's cycle detection needs.
        let (relay, conditions) = (rules.relay, rules.relay_if);
        let direction = rules.sowing.direction;
        let rule = |board: &Board, landing: Pit| {
            relay.relays(board, landing)
                && (!conditions.next_occupied || board.get(topology.step(landing, direction)) > 0)
                && !(conditions.capture_first
                    && Self::capture_starts(rules, topology, board, landing, mover))
        };
        Self::sower(rules, topology, mover, &rule, meter).sow(board, pit, observer)
    }

    /// Sowing and capture of one move on `board`, for `mover`. On error
    /// `board` may hold a partly played move: callers that keep the board
    /// after an error work on a copy (only endless relays and forbidden
    /// grand slams fail after sowing began).
    pub(super) fn apply_move<O: Observer>(
        rules: &Rules,
        topology: &Topology,
        board: &mut Board,
        pit: Pit,
        mover: Player,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<Applied, PlayError> {
        let sown = Self::sow_move(rules, topology, board, pit, mover, meter, observer)
            .map_err(|e| PlayError::from_sow(pit, e))?;
        let mut applied = Applied::sown(sown);
        Self::capture_after(rules, topology, board, pit, mover, &mut applied, observer)?;
        Ok(applied)
    }

    /// A legal move without relays, played quietly: the sowing engine's
    /// checks are skipped (the move is in the legal set, so the hole is
    /// the mover's and holds seeds, and nothing can refuse it).
    #[inline]
    pub(super) fn apply_legal_single_lap(
        rules: &Rules,
        topology: &Topology,
        board: &mut Board,
        pit: Pit,
        mover: Player,
    ) -> Applied {
        let landing = crate::sow::lap_quiet(board, topology, rules.sowing, mover, pit);
        let sown = crate::Sown {
            landing,
            laps: 1,
            endless: false,
        };
        let mut applied = Applied::sown(sown);
        // Only a forbidden grand slam fails here, and the legal set holds
        // none.
        let result = Self::capture_after(rules, topology, board, pit, mover, &mut applied, &mut ());
        debug_assert!(result.is_ok(), "a legal move was refused: {result:?}");
        applied
    }

    /// Whether a capture starts where a lap of `mover` ended in `landing`
    /// (on `board` after the sowing): the landing hole qualifies under the
    /// rules' capture, whatever a chain would add or a grand slam rule say.
    #[inline]
    pub(super) fn capture_starts(
        rules: &Rules,
        topology: &Topology,
        board: &Board,
        landing: Pit,
        mover: Player,
    ) -> bool {
        let in_zone = |zone: Zone| {
            let owner = topology.owner(landing);
            match zone {
                Zone::Opponents => owner != mover,
                Zone::Own => owner == mover,
                Zone::Any => true,
            }
        };
        match rules.capture {
            Capture::None => false,
            Capture::Chain { zone, counts, .. } => {
                in_zone(zone) && counts.contains(board.get(landing))
            }
            Capture::Opposite {
                require_opposite,
                zone,
                take_lone,
            } => {
                // As `capture_after` judges it: something is taken.
                in_zone(zone)
                    && board.get(landing) == 1
                    && topology
                        .opposite(landing)
                        .is_some_and(|o| board.get(o) > 0 || !require_opposite && take_lone)
            }
        }
    }

    /// The captures (and extra turn) after `applied`, so far the sowing of
    /// `pit`, recorded into it. (Filled in place rather than returned: a
    /// returned `Result<Applied, _>` is copied through memory in pieces that
    /// the processor cannot forward, a stall on every move.)
    ///
    /// # Errors
    ///
    /// [`PlayError::GrandSlam`] for a grand slam the rules forbid; `applied`
    /// is then unchanged, and so is the board.
    #[inline(always)]
    pub(super) fn capture_after<O: Observer>(
        rules: &Rules,
        topology: &Topology,
        board: &mut Board,
        pit: Pit,
        mover: Player,
        applied: &mut Applied,
        observer: &mut O,
    ) -> Result<(), PlayError> {
        // Whether the move ended in a hole it may capture from (not in a
        // store, nor stopped as endless), worked out without a branch: a
        // move into a store is a toss-up the processor cannot guess, so
        // the checks below fold it in rather than branch on it first.
        let (landing, in_hole) = match applied.landing {
            Landing::Hole(h) => (h, !applied.endless),
            Landing::Store(_) => (pit, false),
        };
        applied.extra_turn = rules.extra_turn & (applied.landing == Landing::Store(mover));
        // A move that captures nothing returns at once: no empty set is
        // built and read back (a set written whole and read in halves
        // waits on its store).
        let taken = match rules.capture {
            Capture::None => return Ok(()),
            Capture::Chain {
                zone,
                counts,
                same_count,
                limit,
            } => {
                let owner = topology.owner(landing);
                let in_zone = match zone {
                    Zone::Opponents => owner != mover,
                    Zone::Own => owner == mover,
                    Zone::Any => true,
                };
                let first = board.get(landing);
                if !(in_hole & in_zone & counts.contains(first)) {
                    return Ok(());
                }
                capture::chain(
                    board,
                    topology,
                    pit,
                    landing,
                    rules.sowing.direction,
                    mover,
                    limit,
                    |c| {
                        if same_count {
                            c == first
                        } else {
                            counts.contains(c)
                        }
                    },
                )
            }
            Capture::Opposite {
                require_opposite,
                zone,
                take_lone,
            } => {
                let owner = topology.owner(landing);
                let in_zone = match zone {
                    Zone::Opponents => owner != mover,
                    Zone::Own => owner == mover,
                    Zone::Any => true,
                };
                let (opposite, across) = match topology.opposite(landing) {
                    Some(o) => (o, true),
                    None => (landing, false),
                };
                // Something is taken only from a lone seed in the zone with
                // a hole across, and only if that hole holds seeds (or the
                // rules take a lone seed without them): one test, without
                // a branch per condition.
                let full = board.get(opposite) > 0;
                let takes = in_hole
                    & in_zone
                    & across
                    & (board.get(landing) == 1)
                    & (full | (!require_opposite & take_lone));
                if !takes {
                    return Ok(());
                }
                let mut set = PitSet::EMPTY;
                set.insert_if(landing, take_lone);
                set.insert_if(opposite, full || take_lone);
                set
            }
        };
        if !taken.is_empty() {
            if rules.grand_slam != GrandSlam::Allow
                && capture::is_grand_slam(board, topology, taken)
            {
                match rules.grand_slam {
                    GrandSlam::Allow => {}
                    GrandSlam::NoCapture => {
                        if O::RECORDS {
                            observer.event(Event::GrandSlamRefused);
                        }
                        applied.grand_slam_refused = true;
                        return Ok(());
                    }
                    GrandSlam::Forbid => return Err(PlayError::GrandSlam(pit)),
                }
            }
            applied.seeds = match rules.credit {
                Credit::Mover => capture::take_into_store(board, taken, mover, observer),
                Credit::Owner => capture::take_to_owners(board, topology, taken, observer),
            };
            applied.captured = taken;
        }
        Ok(())
    }
}
