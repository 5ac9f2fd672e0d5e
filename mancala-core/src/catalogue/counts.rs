//! The presets of the catalogue's games that take holes by the count
//! they hold after the last seed fell: chains of 2s and 3s, 2s, 4s and
//! 6s, single counts, with or without the holes before the landing one.

use crate::capture::{ChainLimit, CountSet, Zone};
use crate::conditions::{RelayConditions, Sowable};
use crate::feeding::Feeding;
use crate::opening::{FirstMoves, Start};
use crate::rules::{Credit, EndRules, GrandSlam, Leftover, Rules, Verdict};
use crate::sow::{Endless, Relay, SowSpec};
use crate::topology::{Direction, Layout};

use super::{OWARE_CHAIN, chain, chain_to_origin, landing};

/// The sowing every catalogue game starts from: counter-clockwise, the
/// origin not passed over, never into a store.
const PLAIN_SOWING: SowSpec = SowSpec {
    direction: Direction::CounterClockwise,
    skip_origin: false,
    into_own_store: false,
    first_into_origin: false,
    single_into_origin: false,
};

/// Ends only when the player to move has no legal move.
const NO_EARLY_END: EndRules = EndRules {
    majority: false,
    side_empty: false,
    repetition: false,
    at_most_left: None,
    each_at_most: None,
    target: None,
    pass: false,
};

/// The counts 2, 4 and 6.
pub(super) const EVEN_TO_SIX: CountSet = CountSet::EMPTY.with(2).with(4).with(6);

/// The even counts from 2 (a [`CountSet`] lists 2 to 62, and reads the
/// larger ones by parity).
const EVENS: CountSet = CountSet::every(2, 2);

impl Rules {
    /// Das Bohnenspiel as Ludii plays it (`Das Bohnenspiel.lud`).
    ///
    /// 1. Two rows of 6 holes, 6 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise.
    /// 3. If the last seed falls in a hole of either row that then holds 2,
    ///    4 or 6, that hole is taken, then each hole before it while it
    ///    holds 2, 4 or 6, in any row, up to the move's origin
    ///    ([`ChainLimit::ToOrigin`]). Grand slams are allowed; there is no
    ///    feeding and no extra turn.
    /// 4. The game ends when the player to move has no seeds. Each player
    ///    scores his captures plus the seeds left in his row
    ///    ([`Leftover::Stay`]; the rules text gives the remaining seeds to
    ///    the other player, which is the same when only the mover's row is
    ///    empty).
    pub const fn bohnenspiel() -> Rules {
        Rules {
            layout: Layout::two_rows(6),
            seeds: 6,
            start: Start::UNIFORM,
            first_moves: FirstMoves::NONE,
            sowing: PLAIN_SOWING,
            sowable: Sowable::ANY,
            relay: Relay::Never,
            relay_if: RelayConditions::NONE,
            endless: Endless::Forbid,
            capture: chain_to_origin(EVEN_TO_SIX),
            fallback_capture: crate::capture::Capture::None,
            sweep: crate::sweep::Sweep::NONE,
            credit: Credit::Mover,
            grand_slam: GrandSlam::Allow,
            feeding: Feeding::Off,
            extra_turn: false,
            end: NO_EARLY_END,
            leftover: Leftover::Stay,
            verdict: Verdict::Score,
        }
    }

    /// Ludii's Mankala (`Mankala.lud`): [`Rules::bohnenspiel`], except
    /// that a player with no seeds passes ([`EndRules::pass`]), the game
    /// ends when neither player can move (the board is empty), and seeds
    /// left count for nobody ([`Leftover::Void`]).
    pub const fn mankala() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.end.pass = true;
        rules.leftover = Leftover::Void;
        rules
    }

    /// Mangala (Turkey) as Ludii plays its six-hole ruleset ("Six Holes
    /// (Observed)" of `Mangala.lud`, which reuses the seven-hole rules).
    ///
    /// 1. Two rows of 6 holes, 5 seeds each.
    /// 2. A move sows any non-empty own hole counter-clockwise.
    /// 3. If the last seed falls in a hole of either row that then holds 1
    ///    or 3, it is taken, then each hole before it while it holds 1 or 3,
    ///    in any row, up to the move's origin.
    /// 4. A player without seeds passes; the game ends when neither can
    ///    move. Seeds left count for nobody. (The rules text also has the
    ///    captured seeds sown again for a next round: not modelled.)
    pub const fn mangala() -> Rules {
        let mut rules = Rules::mankala();
        rules.seeds = 5;
        rules.capture = chain_to_origin(CountSet::EMPTY.with(1).with(3));
        rules
    }

    /// Vai Lung Thlan (India, Mizoram) as Ludii plays it.
    ///
    /// 1. Two rows of 6 holes, 5 seeds each.
    /// 2. A move sows any non-empty own hole **clockwise** (hole `h` to
    ///    `h - 1`).
    /// 3. If the last seed falls in a hole of either row that was empty (it
    ///    now holds 1), it is taken, then each hole before it
    ///    (counter-clockwise) while it holds 1, up to the move's origin.
    /// 4. The game ends when the player to move has no seeds; seeds left
    ///    count for nobody.
    pub const fn vai_lung_thlan() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.seeds = 5;
        rules.sowing.direction = Direction::Clockwise;
        rules.capture = chain_to_origin(CountSet::EMPTY.with(1));
        rules.leftover = Leftover::Void;
        rules
    }

    /// Awari as Ludii plays it (`Awari.lud`).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each.
    /// 2. A move sows any non-empty own hole counter-clockwise, passing over
    ///    the hole it was lifted from on every lap
    ///    ([`SowSpec::skip_origin`]).
    /// 3. If the last seed falls in the opponent's row in a hole that then
    ///    holds 2 or 3, it is taken, then each hole before it while it holds
    ///    2 or 3, within his row ([`ChainLimit::Row`]).
    /// 4. A move is legal only if the opponent has seeds in his row after
    ///    it: feeding and no grand slam in one rule ([`Feeding::Always`]). A
    ///    player without a legal move passes ([`EndRules::pass`]).
    /// 5. The game ends after any move or pass once every hole holds at most
    ///    one seed ([`EndRules::each_at_most`]), or when neither player can
    ///    move. Seeds left count for nobody. (The rules text's "provided the
    ///    player's sowing caused them" is not modelled, as in Ludii.)
    pub const fn awari() -> Rules {
        let mut rules = Rules::wari();
        rules.sowing.skip_origin = true;
        rules.capture = OWARE_CHAIN;
        rules.feeding = Feeding::Always;
        rules.end.pass = true;
        rules.end.each_at_most = Some(1);
        rules
    }

    /// Wari as Ludii plays it (`Wari.lud`).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over).
    /// 3. If the last seed falls in a hole of either row that then holds
    ///    exactly 6, those 6 go to the mover's store; there is no chain
    ///    ([`ChainLimit::Landing`]). (The rules text: only in the
    ///    opponent's row.)
    /// 4. The game ends when the player to move has no seeds; the stores
    ///    alone count ([`Leftover::Void`]).
    pub const fn wari() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.seeds = 4;
        rules.capture = landing(Zone::Any, CountSet::EMPTY.with(6));
        rules.leftover = Leftover::Void;
        rules
    }

    /// Enindji as Ludii plays it (`Enindji.lud`).
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise, passing over
    ///    the hole it was lifted from.
    /// 3. If the last seed falls in a hole of either row that then holds
    ///    exactly 4, those 4 go to **the store of that hole's owner**,
    ///    whoever sowed ([`Credit::Owner`]); there is no chain.
    /// 4. A move is legal only if the opponent keeps seeds in his row after
    ///    it (as in [`Rules::awari`]); a player without a legal move
    ///    passes, and the game ends when neither can move.
    /// 5. Each player scores his store plus the seeds left in his row
    ///    ([`Leftover::Stay`]). (Ludii offers a vote to end a cycle of
    ///    three repeats of four plies; it is not modelled.)
    pub const fn enindji() -> Rules {
        let mut rules = Rules::awari();
        rules.capture = landing(Zone::Any, CountSet::EMPTY.with(4));
        rules.credit = Credit::Owner;
        rules.end.each_at_most = None;
        rules.leftover = Leftover::Stay;
        rules
    }

    /// I as Ludii plays it (`I.lud`, "Board Size/3").
    ///
    /// 1. Two rows of 3 holes, 4 seeds each.
    /// 2. A move sows one of the mover's holes holding **two or more**
    ///    seeds ([`Sowable::at_least`] 2), counter-clockwise.
    /// 3. If the last seed falls in a hole of either row that then holds 2
    ///    or 3, it is taken, and so is each of its neighbours in its row
    ///    (one or two; not a chain) that holds 2 or 3
    ///    ([`ChainLimit::Neighbours`]).
    /// 4. A player who cannot sow passes; the game ends when neither can.
    ///    The captures alone count ([`Leftover::Void`]).
    ///
    /// Random play can go round for ever (Ludii cuts such games): the
    /// rules have no end for a cycle. [`EndRules::repetition`]
    /// (`repetition=true`) ends the game when a position repeats since
    /// the last capture.
    pub const fn i() -> Rules {
        let mut rules = Rules::mankala();
        rules.layout = Layout::two_rows(3);
        rules.seeds = 4;
        rules.sowable = Sowable::at_least(2);
        rules.capture = chain(Zone::Any, CountSet::TWO_OR_THREE, ChainLimit::Neighbours);
        rules
    }

    /// Adidada as Ludii plays it (`Adidada.lud`; the rules document's
    /// second catalogue, section "Adidada").
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over).
    /// 3. If the last seed falls in the opponent's row in a hole that then
    ///    holds 2 or 3, it is taken, then each hole before it while it holds
    ///    2 or 3, within his row ([`ChainLimit::Row`]; the move's origin, in
    ///    the mover's row, is never reached). (The rules text: captures in
    ///    either row.) Grand slams are allowed; there is no feeding and no
    ///    extra turn.
    /// 4. The game ends when the player to move has no seeds. Each player
    ///    scores his captures plus the seeds left in his row
    ///    ([`Leftover::Stay`]; Ludii's score reads the store as 0 and
    ///    counts the row alone, a defect its recorded games are cut
    ///    before; the rules text: the most captures wins).
    pub const fn adidada() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.seeds = 4;
        rules.capture = OWARE_CHAIN;
        rules
    }

    /// Shono as Ludii plays it (`Shono.lud`, ruleset "Shono (Observed)";
    /// the rules document's second catalogue, section "Shono"):
    /// [`Rules::adidada`] with 5 seeds and the origin passed over.
    ///
    /// 1. Two rows of 6 holes, 5 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise, passing over
    ///    the hole it was lifted from on every lap
    ///    ([`SowSpec::skip_origin`]).
    /// 3. If the last seed falls in the opponent's row in a hole that then
    ///    holds 2 or 3, it is taken, then each hole before it while it holds
    ///    2 or 3, within his row ([`ChainLimit::Row`]). Grand slams are
    ///    allowed; there is no feeding.
    /// 4. The game ends when the player to move has no seeds; each player
    ///    scores his captures plus the seeds left in his row
    ///    ([`Leftover::Stay`]).
    ///
    /// (Ludii judges a lap whose last seed falls just after the skipped
    /// origin at the origin, so that it captures nothing: a defect of
    /// Ludii's, which its recorded games are cut before.)
    pub const fn shono() -> Rules {
        let mut rules = Rules::adidada();
        rules.seeds = 5;
        rules.sowing.skip_origin = true;
        rules
    }

    /// Fondji as Ludii plays it (`Fondji.lud`; the rules document's second
    /// catalogue, section "Fondji"): [`Rules::shono`] with 4 seeds and a
    /// move bound to leave the opponent seeds.
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise, passing over
    ///    the hole it was lifted from on every lap.
    /// 3. If the last seed falls in the opponent's row in a hole that then
    ///    holds 2 or 3, it is taken, then each hole before it while it holds
    ///    2 or 3, within his row. (The rules text: in the player's own row;
    ///    Ludii's code takes from the opponent's.)
    /// 4. A move is legal only if the opponent has seeds in his row after
    ///    it, whether or not he has seeds now ([`Feeding::Always`]: no move
    ///    may take all his seeds either).
    /// 5. The game ends when the player to move has no legal move; each
    ///    player scores his captures plus the seeds left in his row.
    ///
    /// (Ludii offers a vote to end the game once the last twelve plies are
    /// three repeats of a four-ply cycle; it is not modelled. As in
    /// Shono, Ludii's judging of a lap ending just after the skipped origin
    /// is a defect its recorded games are cut before.)
    pub const fn fondji() -> Rules {
        let mut rules = Rules::shono();
        rules.seeds = 4;
        rules.feeding = Feeding::Always;
        rules
    }

    /// Uril as Ludii plays it (`Uril.lud`; the rules document's second
    /// catalogue, section "Uril"): [`Rules::fondji`] played to a target.
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each (not sown into).
    /// 2. A move sows any non-empty own hole counter-clockwise, passing
    ///    over the hole it was lifted from.
    /// 3. A last seed that makes 2 or 3 in a hole of the opponent's row
    ///    takes it, then each hole before it in his row while it holds 2
    ///    or 3.
    /// 4. A move must leave the opponent seeds in his row
    ///    ([`Feeding::Always`]); a player with no legal move passes
    ///    ([`EndRules::pass`]).
    /// 5. The game ends as soon as a store holds 25 seeds or more
    ///    ([`EndRules::target`]), its owner winning, or when neither
    ///    player can move, a draw whatever the stores
    ///    ([`Verdict::Target`]).
    ///
    /// (As in Shono, Ludii's judging of a lap ending just after the
    /// skipped origin is a defect its recorded games are cut before.)
    pub const fn uril() -> Rules {
        let mut rules = Rules::fondji();
        rules.end.pass = true;
        rules.end.target = Some(25);
        rules.verdict = Verdict::Target;
        rules.leftover = Leftover::Void;
        rules
    }

    /// Woli as Ludii plays it (`Woli.lud`; the rules document's second
    /// catalogue, section "Woli"): [`Rules::fondji`] sown clockwise, with 6
    /// seeds.
    ///
    /// 1. Two rows of 6 holes, 6 seeds each (captures in hand).
    /// 2. A move sows any non-empty own hole **clockwise** (hole `h` to
    ///    `h - 1`), passing over the hole it was lifted from on every lap.
    /// 3. If the last seed falls in the opponent's row in a hole that then
    ///    holds 2 or 3, it is taken, then each hole before it (against the
    ///    sowing) while it holds 2 or 3, within his row.
    /// 4. A move is legal only if the opponent has seeds in his row after
    ///    it ([`Feeding::Always`]; the rules text: a move may not take all
    ///    his seeds).
    /// 5. The game ends when the player to move has no legal move; each
    ///    player scores his captures plus the seeds left in his row.
    ///
    /// (Ludii's cycle vote is not modelled; its judging of a lap ending
    /// just after the skipped origin is a defect its recorded games are cut
    /// before.)
    pub const fn woli() -> Rules {
        let mut rules = Rules::fondji();
        rules.seeds = 6;
        rules.sowing.direction = Direction::Clockwise;
        rules
    }

    /// Kpo as Ludii plays it (`Kpo.lud`, ruleset "Momolu Massaquoi
    /// (Observed)"; the rules document's second catalogue, section "Kpo").
    ///
    /// 1. Two rows of 6 holes, 4 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over).
    /// 3. If the last seed falls in a hole of either row that then holds 2
    ///    or 3, that hole is taken; there is no chain
    ///    ([`ChainLimit::Landing`]).
    /// 4. The game ends when the player to move has no seeds; each player
    ///    scores his captures plus the seeds left in his row (the rules
    ///    text is silent on the end).
    pub const fn kpo() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.seeds = 4;
        rules.capture = landing(Zone::Any, CountSet::TWO_OR_THREE);
        rules
    }

    /// Ntyenge as Ludii plays it (`Ntyenge.lud`; the rules document's
    /// second catalogue, section "Ntyenge").
    ///
    /// 1. Two rows of **8** holes, 4 seeds each (captures in hand).
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over).
    /// 3. If the last seed falls in a hole of either row that then holds 2
    ///    or 4, that hole is taken; there is no chain.
    /// 4. A player without seeds passes ([`EndRules::pass`]); the game ends
    ///    when neither can move, the board empty, and the captures decide.
    pub const fn ntyenge() -> Rules {
        let mut rules = Rules::kpo();
        rules.layout = Layout::two_rows(8);
        rules.capture = landing(Zone::Any, CountSet::EMPTY.with(2).with(4));
        rules.end.pass = true;
        rules
    }

    /// Um el-Bil as Ludii plays its ruleset "Six Holes (Observed)"
    /// (`Um el-Bil.lud`; the rules document's second catalogue, section
    /// "Um el-Bil").
    ///
    /// 1. Two rows of 6 holes, 4 seeds each (captures in hand).
    /// 2. Player 0's first move sows his rightmost hole, hole 5
    ///    ([`Rules::first_moves`], [`FirstMoves::rightmost`]`(1)`); player
    ///    1's first move and every later move any non-empty own hole. (From
    ///    a set-up position where hole 5 is empty, any hole: see
    ///    [`FirstMoves`].)
    /// 3. Sowing is counter-clockwise (the origin is not passed over).
    /// 4. If the last seed falls in a hole of either row that was empty (it
    ///    now holds 1), that one seed is taken; there is no chain.
    /// 5. A player without seeds passes ([`EndRules::pass`]); the game ends
    ///    as soon as the board is empty after a move
    ///    ([`EndRules::at_most_left`] 0). The captures alone count
    ///    ([`Leftover::Void`]).
    pub const fn um_el_bil() -> Rules {
        let mut rules = Rules::kpo();
        rules.first_moves = FirstMoves::rightmost(1);
        rules.capture = landing(Zone::Any, CountSet::EMPTY.with(1));
        rules.end.pass = true;
        rules.end.at_most_left = Some(0);
        rules.leftover = Leftover::Void;
        rules
    }

    /// Unnee Tugalluulax as Ludii plays it (ruleset "Mancala World
    /// (Suggested)" of `Unnee Tugalluulax.lud`; the rules document's second
    /// catalogue, section "Unnee Tugalluulax").
    ///
    /// 1. Two rows of 6 holes, 6 seeds each (captures in hand).
    /// 2. A move sows any non-empty own hole **clockwise** (hole `h` to
    ///    `h - 1`; the origin is not passed over).
    /// 3. If the last seed falls in a hole of either row that then holds 4,
    ///    that hole is taken; there is no chain. (The rules text: only in
    ///    the player's own row.)
    /// 4. The game ends when the player to move has no seeds; each player
    ///    scores his captures plus the seeds left in his row (the rules
    ///    text gives the seeds left to the other player, which is the same
    ///    when only the mover's row is empty).
    ///
    /// (Ludii also ends the game once the last twelve plies are three
    /// repeats of a four-ply cycle; the rules text's "the position repeats"
    /// is not modelled, nor met in Ludii's recorded games. Its other
    /// ruleset, "Popova (Scholarly)", is these rules exactly.)
    pub const fn unnee_tugalluulax() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.sowing.direction = Direction::Clockwise;
        rules.capture = landing(Zone::Any, CountSet::EMPTY.with(4));
        rules
    }

    /// Wore as Ludii plays it (`Wore.lud`; the rules document's second
    /// catalogue, section "Wore").
    ///
    /// 1. Two rows of **4** holes, 6 seeds each (captures in hand).
    /// 2. A move sows any non-empty own hole counter-clockwise (the origin
    ///    is not passed over).
    /// 3. If the last seed falls in a hole of either row that then holds 2,
    ///    4 or 6, that hole is taken; there is no chain. (The rules text:
    ///    any hole holding 2, 4 or 6 is taken.)
    /// 4. The game ends when the player to move has no seeds; the captures
    ///    alone count ([`Leftover::Void`]).
    pub const fn wore() -> Rules {
        let mut rules = Rules::bohnenspiel();
        rules.layout = Layout::two_rows(4);
        rules.capture = landing(Zone::Any, EVEN_TO_SIX);
        rules.leftover = Leftover::Void;
        rules
    }

    /// Aw-li On-nam Ot-tjin as Ludii plays its ruleset "Three Counters
    /// (Observed)".
    ///
    /// 1. Two rows of 9 holes, 3 seeds each, a store each (never sown
    ///    into).
    /// 2. A move sows an own hole of **at least two** seeds
    ///    ([`Sowable::at_least`]) counter-clockwise (the origin is not
    ///    passed over).
    /// 3. If the last seed falls in a hole of either row that then holds 3,
    ///    it is taken; no chain.
    /// 4. The game ends when the player to move has no hole he may sow. If
    ///    the other player has none either, the game is drawn; else the
    ///    seeds left on the board are his, added to his store, and the
    ///    larger count wins ([`Leftover::Mobile`]). (Ludii's score gives
    ///    the player able to move the other's store with the board, so that
    ///    he always wins; the rules text, followed here, gives him the
    ///    remaining counters.)
    pub const fn aw_li_on_nam_ot_tjin() -> Rules {
        let mut rules = Rules::wari();
        rules.layout = Layout::two_rows(9);
        rules.seeds = 3;
        rules.sowable = Sowable::at_least(2);
        rules.capture = landing(Zone::Any, CountSet::EMPTY.with(3));
        rules.leftover = Leftover::Mobile;
        rules
    }

    /// Toguz Kumalak's base rules: everything but the tuzdik, which
    /// [`ToguzKumalak`](crate::toguz::ToguzKumalak) adds (played as a
    /// [`Mancala`](crate::Mancala) these rules are not the game).
    ///
    /// 1. Two rows of 9 holes, 9 seeds each, a store each.
    /// 2. A move sows any non-empty own hole counter-clockwise, the first
    ///    seed back into that hole unless it held exactly one
    ///    ([`SowSpec::first_into_origin`]).
    /// 3. If the last seed falls in the opponent's row in a hole that then
    ///    holds an even count, it is taken; no chain. (A [`CountSet`] lists
    ///    counts up to 63 and reads larger ones by parity: these rules list
    ///    the evens 2 to 62 and so take any even count, as `ToguzKumalak`
    ///    does.)
    /// 4. The game ends when the player to move has no seeds; each player
    ///    scores his store plus the seeds left in his row.
    pub const fn toguz_kumalak() -> Rules {
        let mut rules = Rules::wari();
        rules.seeds = 9;
        rules.layout = Layout::two_rows(9);
        rules.sowing.first_into_origin = true;
        rules.capture = landing(Zone::Opponents, EVENS);
        rules.leftover = Leftover::Stay;
        rules
    }
}
