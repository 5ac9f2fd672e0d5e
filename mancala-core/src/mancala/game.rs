//! [`Game`] for [`Mancala`]: the trait's entry points over the state.

use crate::budget::Meter;
use crate::game::{Game, KeyHasher, Outcome, Status};
use crate::player::{ByPlayer, Player};
use crate::rules::{Leftover, Verdict};
use crate::turn::{Move, Turn};

use super::{Mancala, MoveList, PlayError};

impl Mancala {
    /// Who won the finished game, by the rules' [`Verdict`] (and, under
    /// [`Leftover::Mobile`], a draw when no player can sow).
    fn verdict(&self) -> Outcome {
        if self.shared.rules.leftover == Leftover::Mobile && !self.anyone_can_sow() {
            return Outcome::Draw;
        }
        let mut scores = self.scores();
        match self.shared.rules.verdict {
            Verdict::Score => {}
            Verdict::Target => {
                let target = self.shared.rules.end.target;
                let winner = target.and_then(|t| self.at_target(t));
                return winner.map_or(Outcome::Draw, Outcome::Winner);
            }
            Verdict::EmptyRowWins => {
                if let Some(p) = self.first_empty_side() {
                    return Outcome::Winner(p);
                }
            }
            Verdict::EmptyRowLoses => {
                if let Some(loser) = self.first_empty_side() {
                    // The others rank above him, by score.
                    for p in Player::all(self.shared.topology.players()) {
                        scores[p] = if p == loser { 0 } else { scores[p] + 1 };
                    }
                }
            }
        }
        Outcome::from_scores(scores.as_slice())
    }

    /// Whether some player has a hole he may sow on the board.
    fn anyone_can_sow(&self) -> bool {
        Player::all(self.shared.topology.players()).any(|p| self.has_sowable(&self.board, p))
    }
}

impl Game for Mancala {
    crate::sequential_game!(
        move: Move,
        actions: MoveList,
        report: Turn,
        error: PlayError,
    );

    fn player_count(&self) -> usize {
        self.shared.topology.players()
    }

    #[inline]
    fn status(&self) -> Status {
        if self.over {
            Status::Over(self.verdict())
        } else {
            Status::ToMove(self.to_move)
        }
    }

    /// The sowing moves of `player` in hole order, or only [`Move::Pass`]
    /// when he must pass; empty unless he is to move. Never allocates.
    #[inline]
    fn legal_actions(&self, player: Player) -> MoveList {
        if self.over || player != self.to_move {
            return MoveList::new();
        }
        // The set worked out when the turn passed to him, written in place
        // into the list returned (a player owns at most MAX_MOVES holes,
        // and a game that sows any hole has no more: the list never
        // fills).
        let mut moves = MoveList::new();
        let zone = self.shared.sowable_zone(player);
        debug_assert!(self.legal.is_subset(zone), "a legal move off his zone");
        self.legal.push_within(zone, &mut moves, Move::Sow);
        if moves.is_empty() && self.must_pass() {
            let _ = moves.try_push(Move::Pass);
        }
        moves
    }

    /// The legal moves of the player to move (empty once the game is over),
    /// without going through [`status`](crate::Game::status).
    #[inline]
    fn legal_moves(&self) -> MoveList {
        self.legal_actions(self.to_move)
    }

    fn is_legal(&self, mv: &Move) -> bool {
        self.check(*mv, &Meter::new(self.shared.budget.0)).is_ok()
    }

    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal, or
    /// [`PlayError::Undecided`] if the state's [`budget`](Mancala::budget)
    /// cannot decide it or the position it leads to; the state is then
    /// unchanged.
    fn play(&mut self, mv: Move) -> Result<Turn, PlayError> {
        let meter = Meter::new(self.shared.budget.0);
        self.check(mv, &meter)?;
        self.try_turn(mv, &meter, &mut ())
    }

    fn is_undecided(error: &PlayError) -> bool {
        matches!(error, PlayError::Undecided { .. })
    }

    /// # Panics
    ///
    /// Never panics. Once the game is over, for a move that reaches a
    /// position the work budget cannot decide, or for a move the
    /// sower itself refuses (an empty hole, a hole off the board, a forbidden
    /// endless relay or grand slam), nothing changes and the report shows no
    /// landing; other illegal moves (an opponent's hole, a move that fails to
    /// feed, a pass by a player who could sow) are played as if legal, which
    /// can reach positions the rules never would.
    #[inline]
    fn play_unchecked(&mut self, mv: Move) -> Turn {
        self.apply_turn(mv, &Meter::new(self.shared.budget.0), &mut ())
    }

    /// Each player's store, plus, once the game is over, the seeds left
    /// in his holes (under [`Leftover::Stay`]), or every seed left on the
    /// board if he has a hole he may sow (under [`Leftover::Mobile`]).
    fn scores(&self) -> ByPlayer<u64> {
        let mut scores = ByPlayer::new(self.shared.topology.players(), 0u64);
        for p in Player::all(self.shared.topology.players()) {
            scores[p] = u64::from(self.board.store(p));
            if !self.over {
                continue;
            }
            scores[p] += match self.shared.rules.leftover {
                Leftover::Stay => u64::from(self.board.seeds_of(&self.shared.topology, p)),
                Leftover::Mobile if self.has_sowable(&self.board, p) => {
                    u64::from(self.board.on_board())
                }
                _ => 0,
            };
        }
        scores
    }

    /// A hash of the holes, the stores, the player to move, whether the
    /// game is over, whether he places first
    /// ([`is_placing`](Mancala::is_placing): his moves then differ) and
    /// the restricted first moves left
    /// ([`first_moves_left`](Mancala::first_moves_left)), mixed
    /// by [`KeyHasher`]. Not Zobrist: a hole may hold up
    /// to 65,535 seeds, so a Zobrist table would need a key per hole and
    /// count, and hashing 12 counts four to a word costs a few
    /// multiplications. The rules and the repetition history are not hashed
    /// (positions compared in one table share their rules; histories only
    /// end games).
    fn key(&self) -> u64 {
        let mut h = KeyHasher::new();
        h.write_counts(self.board.holes());
        h.write_counts(&self.board.stores()[..self.shared.topology.players()]);
        h.write(
            self.to_move.index() as u64
                | (u64::from(self.over) << 8)
                | (u64::from(self.opening.placing()) << 9)
                | (u64::from(self.opening.first_moves_left()) << 10),
        );
        h.finish()
    }

    /// Reads ahead what the repetition history's next insert touches.
    #[inline]
    fn prefetch(&mut self) {
        self.history.prefetch();
    }
}
