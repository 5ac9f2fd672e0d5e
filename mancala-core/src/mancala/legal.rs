//! Which moves are legal: the legal set worked out when the turn passes, and
//! the reason a move outside it is refused.

use core::ops::ControlFlow;

use crate::board::Board;
use crate::budget::{Budget, Meter};
use crate::feeding::{Feeding, filter_feeding};
use crate::pit::{Pit, PitSet};
use crate::player::Player;
use crate::rules::{GrandSlam, Rules};
use crate::sow::{Endless, Relay, SingleLap, SowError, Undecided};
use crate::topology::Topology;
use crate::turn::Move;

use super::{Mancala, PlayError, check_sowing_move};

impl Mancala {
    /// The holes the player to move may sow (empty once the game is over,
    /// when he must pass, and while he places seeds first, see
    /// [`is_placing`](Mancala::is_placing)): his legal moves other than a
    /// pass, worked out when the turn passed to him.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, Move, Pit, Player};
    ///
    /// let game = mancala_core::oware();
    /// let moves: Vec<Move> = game.legal_pits().iter().map(Move::Sow).collect();
    /// assert_eq!(moves.as_slice(), game.legal_actions(Player::P0).as_slice());
    /// ```
    #[inline]
    pub fn legal_pits(&self) -> PitSet {
        self.legal
    }

    /// Whether the player to move must pass: the rules allow passing
    /// ([`EndRules::pass`](crate::rules::EndRules::pass)), the game goes on, he
    /// has no sowing move and no placement to make
    /// ([`is_placing`](Mancala::is_placing)). His only legal move is then
    /// [`Move::Pass`].
    pub fn must_pass(&self) -> bool {
        !self.over && !self.opening.placing() && self.shared.rules.end.pass && !self.can_sow()
    }

    /// The reason `mv` is not legal now, if any (found, for a move the
    /// legal set does not hold, by sowing it on a copy from `meter`).
    pub(super) fn check(&self, mv: Move, meter: &Meter) -> Result<(), PlayError> {
        if self.opening.placing() {
            return Err(PlayError::MustPlace);
        }
        let pit = match mv {
            Move::Pass => {
                if self.over {
                    return Err(PlayError::GameOver);
                }
                return if self.must_pass() {
                    Ok(())
                } else {
                    Err(PlayError::CannotPass)
                };
            }
            Move::Sow(pit) => pit,
        };
        if !self.over && self.legal.contains(pit) {
            return Ok(());
        }
        // The legal set decides; what follows only names the reason.
        let rules = &self.shared.rules;
        let topology = &self.shared.topology;
        let mover = (!self.over).then_some(self.to_move);
        // The mover's own hole, unless the rules sow elsewhere.
        let in_zone = rules.sowable.in_zone(topology, pit, self.to_move);
        match check_sowing_move(topology, &self.board, mover, pit) {
            Err(PlayError::NotYourHole { .. }) if in_zone && self.board.get(pit) == 0 => {
                return Err(PlayError::EmptyHole(pit));
            }
            Err(PlayError::NotYourHole { .. }) if in_zone => {}
            Err(PlayError::EmptyHole(_)) | Ok(()) if !in_zone => {
                return Err(PlayError::OutsideZone {
                    pit,
                    mover: self.to_move,
                });
            }
            Err(e) => return Err(e),
            Ok(()) => {}
        }
        let mover = self.to_move;
        if !rules.sowable.allows(
            &self.board,
            &self.shared.topology,
            rules.sowing.direction,
            pit,
        ) {
            return Err(PlayError::TooFewSeeds(pit));
        }
        if self.opening.first_moves_left() != 0 {
            // The restriction binds when one of the holes it allows is
            // legal (the legal set then holds only those).
            let allowed = rules.first_moves.holes(&self.shared.topology, mover);
            if !allowed.contains(pit) && !self.legal.is_disjoint(allowed) {
                return Err(PlayError::FirstMoves(pit));
            }
        }
        let mut board = self.board.clone();
        self.shared
            .move_rules(mover)
            .apply(&mut board, pit, meter, &mut ())?;
        // A move that stands and is still refused fails to feed: the only
        // test of the legal set that looks past the move itself.
        Err(PlayError::MustFeed(pit))
    }

    /// The player `mover` must feed (the next in turn order).
    #[inline]
    pub(super) fn fed_player(&self, mover: Player) -> Player {
        mover.next(self.shared.topology.players())
    }

    /// Whether feeding constrains `mover` now.
    #[inline]
    pub(super) fn must_feed(&self, mover: Player) -> bool {
        match self.shared.rules.feeding {
            Feeding::Off => false,
            Feeding::Always => true,
            Feeding::Required | Feeding::IfPossible => {
                !self.has_sowable(&self.board, self.fed_player(mover))
            }
        }
    }

    /// Whether `player` has a hole he may sow on `board` (any hole with
    /// seeds, unless [`Rules::sowable`] asks for more): what feeding
    /// judges.
    #[inline]
    pub(super) fn has_sowable(&self, board: &Board, player: Player) -> bool {
        Self::sowable_bits(&self.shared.rules, &self.shared.topology, board, player) != 0
    }

    /// The holes of `player` that may be sown on `board`, as bits.
    #[inline]
    pub(super) fn sowable_bits(
        rules: &Rules,
        topology: &Topology,
        board: &Board,
        player: Player,
    ) -> u128 {
        rules
            .sowable
            .bits(board, topology, rules.sowing.direction, player)
    }

    /// Whether legality needs each move played out on a copy.
    /// (Moves that relay forever are refused only under
    /// [`Endless::Forbid`](crate::rules::Endless::Forbid); under `Stop` they stand,
    /// but a work budget must still decide them.)
    #[inline]
    pub(super) fn needs_simulation(&self, mover: Player) -> bool {
        let rules = &self.shared.rules;
        let fallible = Self::can_be_undecided(rules, self.shared.budget.0);
        Self::trials_needed(rules, self.must_feed(mover), fallible)
    }

    /// Whether legality takes trial sowings under `rules`, the mover being
    /// `hungry` if he must feed now (`fallible`: whether
    /// [`can_be_undecided`](Mancala::can_be_undecided) holds of the rules).
    #[inline]
    pub(super) fn trials_needed(rules: &Rules, hungry: bool, fallible: bool) -> bool {
        hungry || rules.grand_slam == GrandSlam::Forbid || fallible
    }

    /// Gives a heap board the spare blocks the moves of `rules` take: a
    /// relaying move takes up to four (the board before it, a trial board,
    /// the trial's start and a cycle walker), kept from the start so that no
    /// move allocates.
    pub(crate) fn reserve_spares(rules: &Rules, board: &mut Board) {
        if rules.relay != Relay::Never {
            board.reserve_spares(4);
        }
    }

    /// Whether a relaying move may be refused for its relays: an endless
    /// one under [`Endless::Forbid`](crate::rules::Endless::Forbid), or one the
    /// work budget `budget` cannot decide. Legality then takes a trial
    /// sowing of every move, and a move may fail after its first seed
    /// moved.
    #[inline]
    pub(crate) fn can_be_undecided(rules: &Rules, budget: Budget) -> bool {
        rules.relay != Relay::Never && (rules.endless == Endless::Forbid || budget.is_limited())
    }

    /// The legal sowing moves of `mover`, with trial sowings (where
    /// legality needs them) on `trial` (any board), drawing on `meter`.
    /// `Err` names the first move the work budget could not decide.
    pub(super) fn legal_set(
        &self,
        mover: Player,
        trial: &mut Board,
        meter: &Meter,
    ) -> Result<PitSet, Undecided> {
        if self.over {
            return Ok(PitSet::EMPTY);
        }
        let candidates = self.sowable_holes(mover);
        if !self.needs_simulation(mover) {
            return Ok(candidates);
        }
        let rules = &self.shared.rules;
        // Unless the move must feed or may not capture a grand slam, only
        // whether its relays end matters: the captures need not be made.
        let sowing_only = !self.must_feed(mover) && rules.grand_slam != GrandSlam::Forbid;
        if !(sowing_only && rules.relay_if.is_plain()) {
            return self.legal_by_trials(mover, candidates, sowing_only, trial, meter);
        }
        // Every move that stands is legal: the sower's fast path.
        let moving = self.shared.move_rules(mover);
        match rules.relay {
            Relay::Never => {
                moving
                    .sower(&SingleLap, meter)
                    .standing(&self.board, candidates, trial)
            }
            relay => moving
                .sower(&relay, meter)
                .standing(&self.board, candidates, trial),
        }
    }

    /// The holes of `mover` that may be sown: any with seeds, or (rarely)
    /// those the rules let be sown ([`Rules::sowable`](crate::Rules::sowable)).
    #[inline]
    fn sowable_holes(&self, mover: Player) -> PitSet {
        let (rules, topology) = (&self.shared.rules, &self.shared.topology);
        PitSet::from_bits(if self.shared.sows_any_own {
            self.board.nonempty_bits() & topology.mask_of(mover)
        } else {
            Self::sowable_bits(rules, topology, &self.board, mover)
        })
    }

    /// The legal moves among `candidates`, each tried on `trial` (sown
    /// only when `sowing_only`, else sown and captured, to judge feeding
    /// and grand slams) in the order of the mover's holes. `Err` names the
    /// first move the work budget could not decide: the set is then void.
    fn legal_by_trials(
        &self,
        mover: Player,
        candidates: PitSet,
        sowing_only: bool,
        trial: &mut Board,
        meter: &Meter,
    ) -> Result<PitSet, Undecided> {
        let (rules, topology) = (&self.shared.rules, &self.shared.topology);
        let moving = self.shared.move_rules(mover);
        let fed = self.fed_player(mover);
        let mut undecided = None;
        let outcome = |p: Pit| {
            // After the first undecided move the set is void: no more work.
            if undecided.is_some() {
                return None;
            }
            if sowing_only
                && moving
                    .sower(&rules.relay, meter)
                    .single_lap(&self.board, p)
                    .is_some()
            {
                // Decided in one lap, without a trial.
                return Some(true);
            }
            trial.clone_from(&self.board);
            let tried = if sowing_only {
                match moving.sow(trial, p, meter, &mut ()) {
                    Ok(_) => Ok(true),
                    Err(SowError::Undecided(cause)) => Err(Some(cause)),
                    Err(_) => Err(None),
                }
            } else {
                match moving.apply(trial, p, meter, &mut ()) {
                    Ok(_) => Ok(Self::sowable_bits(rules, topology, trial, fed) != 0),
                    Err(PlayError::Undecided { cause, .. }) => Err(Some(cause)),
                    Err(_) => Err(None),
                }
            };
            tried.map_err(|cause| undecided = cause).ok()
        };
        let mut set = PitSet::EMPTY;
        // (In the order of the holes: the mover's own in turn order, where
        // he sows those.)
        let in_order = candidates.iter();
        let _ = filter_feeding(
            rules.feeding,
            self.must_feed(mover),
            in_order,
            outcome,
            |p| {
                set.insert(p);
                ControlFlow::Continue(())
            },
        );
        match undecided {
            Some(cause) => Err(cause),
            None => Ok(set),
        }
    }

    /// `legal`, the legal sowing moves of `mover`, kept to the holes the
    /// restricted first moves may sow ([`FirstMoves::holes`]) where one of
    /// those is legal, else all of them: the restriction never leaves a
    /// player who could move without a move.
    ///
    /// [`FirstMoves::holes`]: crate::rules::FirstMoves::holes
    pub(super) fn first_moves_only(&self, mover: Player, legal: PitSet) -> PitSet {
        let allowed = self
            .shared
            .rules
            .first_moves
            .holes(&self.shared.topology, mover);
        let kept = legal.intersection(allowed);
        if kept.is_empty() { legal } else { kept }
    }

    /// Whether the player to move has a legal sowing move (game not over).
    #[inline]
    pub(super) fn can_sow(&self) -> bool {
        !self.legal.is_empty()
    }

    /// The legal set of `next` with trial sowings, on the board's spare
    /// (out of line: the slow path of [`settle`](Mancala::settle)), drawing
    /// on `meter` (`None`: no move can be undecided, and none is counted).
    #[inline(never)]
    pub(super) fn legal_with_trials(
        &mut self,
        next: Player,
        meter: Option<&Meter>,
    ) -> Result<PitSet, Undecided> {
        let unlimited = Meter::new(Budget::UNLIMITED);
        let mut spare = self.board.take_spare();
        let legal = self.legal_set(next, &mut spare, meter.unwrap_or(&unlimited));
        self.board.keep_spare(spare);
        legal
    }

    /// Whether a player other than `mover` has a legal move, every move of
    /// theirs decided ([`legal_with_trials`](Mancala::legal_with_trials)
    /// of each in turn, drawing on `meter`).
    pub(super) fn another_can_move(
        &mut self,
        mover: Player,
        meter: Option<&Meter>,
    ) -> Result<bool, Undecided> {
        let mut any = false;
        for p in Player::all(self.shared.topology.players()).filter(|&p| p != mover) {
            any |= !self.legal_with_trials(p, meter)?.is_empty();
        }
        Ok(any)
    }
}
