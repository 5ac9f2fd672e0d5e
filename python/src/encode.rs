//! Each game's actions as integers and its position as numbers: what the
//! Python API, OpenSpiel, PettingZoo, Gymnasium and `VectorEnv` see.
//!
//! Actions (fixed for a game and its options, so a policy has one output
//! per action):
//!
//! - sowing games (`Mancala`, Toguz Kumalak), Numercy, Robertson: the hole
//!   sown, numbered as the game numbers its holes (`0` to `holes - 1`);
//!   `holes` is passing where the rules allow it (sowing games, Mankka);
//! - Mankka: holes `0` to `11`, `12` passing, then `13 + k` the `k`-th
//!   placement of the hand in [`mankka::Placement::all`]'s order (462 for
//!   Mankka Two's six seeds);
//! - Numa: the index of the choice in [`numa::Choice::ALL`] (72).
//!
//! Observations (`float32`, one flat vector): the counts of the holes in
//! the game's numbering, the stores (or scores) of each player, then one
//! entry per player that is 1 for the players to move (see each
//! implementation for what a game adds).

use mancala_core::{Game, Mancala, Move, Pit, Player, Status, toguz::ToguzKumalak};
use mankka::{Mankka, Placement};
use numa::{Choice, Face, Numa, SIZE};
use numercy::Numercy;
use robertson::Robertson;
use smallvec::SmallVec;

/// A game of the family as integers.
pub(crate) trait Coded: Game + Clone + Send + Sync + std::fmt::Display + 'static {
    /// How many action integers there are (each legal action is below).
    fn num_actions(&self) -> usize;
    /// The integer of an action.
    fn encode(&self, action: Self::Action) -> usize;
    /// The action of an integer (`None` if it names none; legality is
    /// checked apart).
    fn decode(&self, index: usize) -> Option<Self::Action>;
    /// The length of [`observe`](Coded::observe)'s vector.
    fn observation_len(&self) -> usize;
    /// Writes the observation into `out` (of [`observation_len`](Coded::observation_len)).
    fn observe(&self, out: &mut [f32]);

    /// Marks `player`'s legal actions in `mask` (cleared first) and lists
    /// them at the front of `legal`; returns how many there are.
    fn write_legal(&self, player: Player, mask: &mut [bool], legal: &mut [u16]) -> usize {
        write_listed(self, player, mask, legal)
    }

    /// Plays `codes`, one action integer for each acting player in
    /// player order, each checked legal by the caller against the mask
    /// [`write_legal`](Coded::write_legal) wrote for this position.
    /// Nothing happens if the game is over or a code names no action.
    fn play_codes(&mut self, codes: &[usize]) {
        match self.status() {
            Status::ToMove(p) => {
                if let Some(&code) = codes.first()
                    && let Some(a) = self.decode(code)
                    && let Ok(mv) = self.joint_move(&[(p, a)])
                {
                    self.play_unchecked(mv);
                }
            }
            Status::Simultaneous(set) => {
                let mut choices: SmallVec<[(Player, Self::Action); 2]> = SmallVec::new();
                for (p, &code) in set.iter().zip(codes) {
                    choices.extend(self.decode(code).map(|a| (p, a)));
                }
                if let Ok(mv) = self.joint_move(&choices) {
                    self.play_unchecked(mv);
                }
            }
            Status::Over(_) => {}
        }
    }

    /// `player`'s action by the engine: `greedy` the best immediate gain,
    /// else a search of at most `nodes` positions (alpha-beta; Numa's
    /// two-turn search for its simultaneous turns, seeded by the position).
    /// `None` if he does not act.
    fn computer(&self, player: Player, greedy: bool, nodes: u64) -> Option<Self::Action> {
        use mancala_engine::agents::{AlphaBeta, GreedyAgent, SequentialAgent};
        if self.status() != Status::ToMove(player) {
            return None;
        }
        if greedy {
            GreedyAgent.choose(self)
        } else {
            AlphaBeta::new(nodes).choose(self)
        }
    }
}

/// [`Coded::write_legal`] from the game's list of legal actions, each
/// encoded.
fn write_listed<G: Coded>(game: &G, player: Player, mask: &mut [bool], legal: &mut [u16]) -> usize {
    mask.fill(false);
    let mut count = 0;
    for &a in game.legal_actions(player).iter() {
        let code = game.encode(a);
        if let (Some(slot), Some(entry)) = (mask.get_mut(code), legal.get_mut(count)) {
            *slot = true;
            *entry = code as u16;
            count += 1;
        }
    }
    count
}

/// Writes `counts`, then `scores`, then who is to move, into `out`.
fn write_plain(out: &mut [f32], counts: &[u16], scores: &[u64], status: Status, players: usize) {
    let (holes, rest) = out.split_at_mut(counts.len());
    for (o, &c) in holes.iter_mut().zip(counts) {
        *o = f32::from(c);
    }
    let (points, rest) = rest.split_at_mut(scores.len());
    for (o, &s) in points.iter_mut().zip(scores) {
        *o = s as f32;
    }
    write_acting(&mut rest[..players], status);
}

/// 1 for each player to move in `status`, 0 for the others.
fn write_acting(acting: &mut [f32], status: Status) {
    acting.fill(0.0);
    match status {
        Status::ToMove(p) => {
            if let Some(slot) = acting.get_mut(p.index()) {
                *slot = 1.0;
            }
        }
        Status::Simultaneous(set) => {
            for p in set.iter() {
                if let Some(slot) = acting.get_mut(p.index()) {
                    *slot = 1.0;
                }
            }
        }
        Status::Over(_) => {}
    }
}

/// The scores of `game` in player order (at most six players), and how
/// many there are.
fn scores<G: Game>(game: &G) -> ([u64; 6], usize) {
    let mut out = [0u64; 6];
    let mut n = 0;
    for ((_, &s), slot) in game.scores().iter().zip(out.iter_mut()) {
        *slot = s;
        n += 1;
    }
    (out, n)
}

/// A sowing move's integer on a board of `holes` holes: the hole, or
/// `holes` for a pass.
fn encode_sowing(action: Move, holes: usize) -> usize {
    match action {
        Move::Sow(pit) => pit.index(),
        Move::Pass => holes,
    }
}

/// The hole of an integer on a board of `holes` holes.
fn decode_hole(index: usize, holes: usize) -> Option<Pit> {
    (index < holes).then(|| Pit::new(index)).flatten()
}

/// The sowing move of an integer on a board of `holes` holes.
fn decode_sowing(index: usize, holes: usize) -> Option<Move> {
    match index {
        i if i < holes => decode_hole(i, holes).map(Move::Sow),
        i if i == holes => Some(Move::Pass),
        _ => None,
    }
}

impl Coded for Mancala {
    fn num_actions(&self) -> usize {
        self.board().holes().len() + 1
    }
    fn encode(&self, action: Move) -> usize {
        encode_sowing(action, self.board().holes().len())
    }
    fn decode(&self, index: usize) -> Option<Move> {
        decode_sowing(index, self.board().holes().len())
    }
    fn observation_len(&self) -> usize {
        self.board().holes().len() + 2 * self.player_count()
    }
    /// A hole straight to the sowing (the caller checked it legal).
    fn play_codes(&mut self, codes: &[usize]) {
        if let (Status::ToMove(_), Some(&code)) = (self.status(), codes.first())
            && let Some(mv) = self.decode(code)
        {
            self.play_unchecked(mv);
        }
    }
    /// The legal holes straight from the game's set (hole order is action
    /// order); the list only for a pass.
    fn write_legal(&self, player: Player, mask: &mut [bool], legal: &mut [u16]) -> usize {
        if self.status() != Status::ToMove(player) {
            mask.fill(false);
            return 0;
        }
        let pits = self.legal_pits();
        if pits.is_empty() {
            // No sowing move: a pass, or none.
            return write_listed(self, player, mask, legal);
        }
        mask.fill(false);
        let mut count = 0;
        for pit in pits.iter() {
            if let (Some(slot), Some(entry)) = (mask.get_mut(pit.index()), legal.get_mut(count)) {
                *slot = true;
                *entry = pit.index() as u16;
                count += 1;
            }
        }
        count
    }
    /// Holes, stores, who is to move.
    fn observe(&self, out: &mut [f32]) {
        let players = self.player_count();
        let board = self.board();
        let (holes, rest) = out.split_at_mut(board.holes().len());
        for (o, &c) in holes.iter_mut().zip(board.holes()) {
            *o = f32::from(c);
        }
        let (stores, acting) = rest.split_at_mut(players);
        for (o, &s) in stores.iter_mut().zip(board.stores()) {
            *o = f32::from(s);
        }
        write_acting(&mut acting[..players], self.status());
    }
}

impl Coded for ToguzKumalak {
    fn num_actions(&self) -> usize {
        self.board().holes().len() + 1
    }
    fn encode(&self, action: Move) -> usize {
        encode_sowing(action, self.board().holes().len())
    }
    fn decode(&self, index: usize) -> Option<Move> {
        decode_sowing(index, self.board().holes().len())
    }
    fn observation_len(&self) -> usize {
        self.board().holes().len() + 2 + 2 + 2
    }
    /// Holes, stores, who is to move, then each player's tuzdik as its
    /// hole's number plus one (0 for none).
    fn observe(&self, out: &mut [f32]) {
        let holes = self.board().holes().len();
        let stores = [
            u64::from(self.board().stores()[0]),
            u64::from(self.board().stores()[1]),
        ];
        write_plain(out, self.board().holes(), &stores, self.status(), 2);
        for (k, p) in [Player::P0, Player::P1].into_iter().enumerate() {
            out[holes + 4 + k] = self.tuzdik(p).map_or(0.0, |t| (t.index() + 1) as f32);
        }
    }
}

impl Coded for Numercy {
    fn num_actions(&self) -> usize {
        self.board().holes().len()
    }
    fn encode(&self, action: Pit) -> usize {
        action.index()
    }
    fn decode(&self, index: usize) -> Option<Pit> {
        decode_hole(index, self.num_actions())
    }
    fn observation_len(&self) -> usize {
        self.board().holes().len() + 4
    }
    /// Holes, points, who is to move.
    fn observe(&self, out: &mut [f32]) {
        let (points, n) = scores(self);
        write_plain(out, self.board().holes(), &points[..n], self.status(), 2);
    }
}

impl Coded for Robertson {
    fn num_actions(&self) -> usize {
        self.board().holes().len()
    }
    fn encode(&self, action: Pit) -> usize {
        action.index()
    }
    fn decode(&self, index: usize) -> Option<Pit> {
        decode_hole(index, self.num_actions())
    }
    fn observation_len(&self) -> usize {
        self.board().holes().len() + 2 * self.player_count()
    }
    /// Holes, captures, who is to move.
    fn observe(&self, out: &mut [f32]) {
        let (captures, n) = scores(self);
        write_plain(
            out,
            self.board().holes(),
            &captures[..n],
            self.status(),
            self.player_count(),
        );
    }
}

/// The placements of a hand of `hand` seeds, in their action order (the
/// lexicographic order of their counts), made once for each hand size.
fn placements(hand: u16) -> &'static [Placement] {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static CACHE: OnceLock<Mutex<HashMap<u16, &'static [Placement]>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    cache
        .entry(hand)
        .or_insert_with(|| Placement::all(hand).collect::<Vec<_>>().leak())
}

/// The seeds each player places in Mankka's opening.
fn mankka_hand(game: &Mankka) -> u16 {
    game.options().hand()
}

impl Coded for Mankka {
    fn num_actions(&self) -> usize {
        let hand = mankka_hand(self);
        13 + if hand > 0 { placements(hand).len() } else { 0 }
    }
    fn encode(&self, action: mankka::Move) -> usize {
        match action {
            mankka::Move::Sow(pit) => pit.index(),
            mankka::Move::Pass => 12,
            mankka::Move::Place(p) => {
                let all = placements(mankka_hand(self));
                // Lexicographic: a binary search by the counts.
                13 + all
                    .binary_search_by(|q| q.counts.cmp(&p.counts))
                    .unwrap_or(usize::MAX - 13)
            }
        }
    }
    fn decode(&self, index: usize) -> Option<mankka::Move> {
        match index {
            0..12 => mankka::Pit::new(index).map(mankka::Move::Sow),
            12 => Some(mankka::Move::Pass),
            _ => {
                let hand = mankka_hand(self);
                if hand == 0 {
                    return None;
                }
                placements(hand)
                    .get(index - 13)
                    .copied()
                    .map(mankka::Move::Place)
            }
        }
    }
    fn observation_len(&self) -> usize {
        12 + 2 + 2 + 2
    }
    /// Holes, stores, who is to move, then the seeds in each hand.
    fn observe(&self, out: &mut [f32]) {
        let (stores, n) = scores(self);
        write_plain(out, self.board().holes(), &stores[..n], self.status(), 2);
        let hands = self.hands();
        out[16] = f32::from(hands[Player::P0]);
        out[17] = f32::from(hands[Player::P1]);
    }
}

/// Squares on Numa's grid.
const SQUARES: usize = (SIZE as usize) * (SIZE as usize);

impl Coded for Numa {
    fn num_actions(&self) -> usize {
        Choice::ALL.len()
    }
    fn encode(&self, action: Choice) -> usize {
        action.index()
    }
    fn decode(&self, index: usize) -> Option<Choice> {
        Choice::ALL.get(index).copied()
    }
    /// Every choice is legal for an acting player, in [`Choice::ALL`]'s
    /// order (no encoding to look up).
    fn write_legal(&self, player: Player, mask: &mut [bool], legal: &mut [u16]) -> usize {
        let acting = matches!(self.status(), Status::Simultaneous(set) if set.contains(player));
        mask.fill(acting);
        if !acting {
            return 0;
        }
        for (i, entry) in legal.iter_mut().enumerate().take(Choice::ALL.len()) {
            *entry = i as u16;
        }
        Choice::ALL.len().min(legal.len())
    }

    fn computer(&self, player: Player, greedy: bool, nodes: u64) -> Option<Choice> {
        use mancala_engine::agents::{NumaAgent, NumaGreedy};
        use mancala_engine::numa_search::NumaSearch;
        let Status::Simultaneous(set) = self.status() else {
            return None;
        };
        if !set.contains(player) {
            return None;
        }
        Some(if greedy {
            NumaGreedy.choose(self, player)
        } else {
            let seed = Game::key(self) ^ (player.index() as u64 + 1);
            NumaSearch::new(seed).with_nodes(nodes).choose(self, player)
        })
    }
    fn observation_len(&self) -> usize {
        4 * 2 * SQUARES + 2 + 2
    }
    /// For each piece (triangle, square, pentagon, circle) and face
    /// (Arabic, Roman) a plane of the 25 squares (row `y - 1`, column
    /// `x - 1`) with 1 where the piece stands with that face up; then the
    /// points, and who is to move.
    fn observe(&self, out: &mut [f32]) {
        out.fill(0.0);
        for (shape, piece) in self.pieces().iter().enumerate() {
            let face = match piece.face {
                Face::Arabic => 0,
                Face::Roman => 1,
            };
            let square = usize::from(piece.square.y() - 1) * usize::from(SIZE)
                + usize::from(piece.square.x() - 1);
            out[(shape * 2 + face) * SQUARES + square] = 1.0;
        }
        let points = self.points();
        write_plain(
            &mut out[8 * SQUARES..],
            &[],
            &[u64::from(points[0]), u64::from(points[1])],
            self.status(),
            2,
        );
    }
}
