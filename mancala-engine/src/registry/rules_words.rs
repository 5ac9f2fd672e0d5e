//! Each game's rules in plain words, following its options (the board,
//! the seeds, the variant): what `mancala play` shows at the start and on
//! `help`, `mancala games GAME` and the web page show a player who asks
//! ([`Registered::rules_in_words`](super::Registered::rules_in_words)).

use mancala_core::four_rows::FourRowGame;
use mancala_core::rounds::RoundGame;
use mancala_core::rules::FirstMoves;
use mancala_core::toguz::ToguzKumalak;
use mancala_core::{Game, Mancala, Traditional};

/// A sowing game's rules: its catalogue summary, else Kalah's or oware's
/// on its board, with its restricted first moves if any.
pub(super) fn mancala(game: &Mancala) -> String {
    let rules = game.rules();
    if let Some(game) = mancala_core::Traditional::of_rules(rules) {
        // (A catalogue game's summary says its first moves.)
        return game.summary().into();
    }
    let mut text = family(game);
    if let Some(words) = first_moves(rules.first_moves) {
        text.push(' ');
        text.push_str(&words);
    }
    text
}

/// The restricted first moves of a game ([`FirstMoves`]) in a sentence,
/// if it has any.
fn first_moves(first: FirstMoves) -> Option<String> {
    if first.is_none() {
        return None;
    }
    let moves = match first.moves {
        1 => "The first move of the game".to_string(),
        n => format!("Each of the first {n} moves of the game"),
    };
    let holes = match first.last_holes {
        1 => "the mover's rightmost hole".to_string(),
        n => format!("one of the mover's {n} rightmost holes"),
    };
    Some(format!(
        "{moves} must sow {holes}, where it can (another hole only when none of those may be sown)."
    ))
}

/// Kalah's or oware's rules on the board of `game`.
fn family(game: &Mancala) -> String {
    let rules = game.rules();
    let (n, seeds) = (game.topology().row_len(), rules.seeds);
    if rules.sowing.into_own_store {
        format!(
            "Kalah: two rows of {n} pits with {seeds} seeds each, and a store at each end. \
             Seeds are sown counter-clockwise, into your own store too; a last seed in your \
             store gives you another move, and one in an empty pit of yours takes the \
             opposite pit's seeds. The game ends as soon as a side is empty."
        )
    } else {
        format!(
            "Oware (abapa): two rows of {n} holes with {seeds} seeds each. Seeds are sown \
             counter-clockwise, skipping the hole sown; a last seed that makes 2 or 3 in the \
             other's row captures them, and the 2s and 3s just before it. You must leave the \
             other player seeds if you can. More than half the seeds wins."
        )
    }
}

/// Toguz Kumalak's rules.
pub(super) fn toguz(_game: &ToguzKumalak) -> String {
    Traditional::ToguzKumalak.summary().into()
}

/// A match of rounds' rules: its entry's summary, or for rules that are
/// no preset their board and fill.
pub(super) fn rounds(game: &RoundGame) -> String {
    let rules = game.rules();
    match super::GAMES
        .iter()
        .find(|g| g.family == super::Family::Rounds(*rules))
    {
        Some(entry) => entry.summary.into(),
        None => format!(
            "A match of rounds on 2x{} holes of {} seeds: when a round ends each player \
             fills his empty holes from his store, {} seeds a hole; the holes he cannot \
             fill are closed for the next round, and the match ends when a player cannot \
             fill a single hole.",
            rules.houses, rules.seeds, rules.seeds
        ),
    }
}

/// A game on four rows' rules: its entry's summary, or for rules that are
/// no preset its board and what its nearest preset plays.
pub(super) fn four_rows(game: &FourRowGame) -> String {
    let rules = game.rules();
    let entries = super::GAMES.iter();
    let entry = |family| entries.clone().find(|g| g.family == family);
    if let Some(entry) = entry(super::Family::FourRows(*rules)) {
        return entry.summary.into();
    }
    format!(
        "A game on four rows of {} holes, each player sowing round his own two rows, \
         under the rules `{rules}`.",
        rules.columns
    )
}

/// Numercy's rules, with its board, balls and relay count.
pub(super) fn numercy(game: &numercy::Numercy) -> String {
    let o = game.options();
    format!(
        "Numercy: two rows of {n} holes with {s} balls each, and an operator for each file \
         (drawn between the rows; `:` divides). Balls are sown counter-clockwise; a last \
         ball that makes {r} or more relays: that hole's balls are sown on. Where a move \
         ends, c being the count there and o the count opposite: on 2 or 4 the mover scores \
         c op o and both holes are emptied; on 3 or 5 the other player scores c op o. The \
         game ends when the player to move cannot move; each then adds the balls on his \
         side to his points.",
        n = o.holes,
        s = o.seeds,
        r = o.relay_at
    )
}

/// Robertson's game's rules, with its board, stones and players.
pub(super) fn robertson(game: &robertson::Robertson) -> String {
    let o = game.options();
    let shape = match o.shape {
        robertson::Shape::TwoRow => "two rows",
        robertson::Shape::Triangle => "a triangle of three rows",
        robertson::Shape::Hexagon => "a hexagon of six rows",
    };
    format!(
        "Robertson's game on {shape} of 6 holes, {s} stones each, for {n} players; holes \
         are numbered counter-clockwise, the way stones are sown. A last stone that makes 2 \
         or 3 in another player's hole captures it, and the holes just before it holding \
         the same count; capturing three or more holes wins honours. The game ends when \
         the player to move has no stones or a position repeats. Score: stones captured \
         plus honours.",
        s = o.seeds,
        n = game.player_count()
    )
}

/// Mankka's rules, with its variant and ends.
pub(super) fn mankka(game: &mankka::Mankka) -> String {
    let o = game.options();
    let mut text = match o.variant {
        mankka::Variant::Two => format!(
            "Mankka Two: two rows of 6 holes with {} seeds each, and {} seeds in each \
             player's hand, which he first places in his own holes as he likes (South \
             first). ",
            o.seeds(),
            o.hand()
        ),
        mankka::Variant::One => format!(
            "Mankka One: two rows of 6 holes with {} seeds each. ",
            o.seeds()
        ),
    };
    text.push_str(
        "Seeds are sown counter-clockwise over both rows. Where the last seed of a lap \
         makes 2 or 3, on either side, that hole is captured with the 2s and 3s just \
         before it; where it makes 4 or more, those seeds are sown on; in an empty hole \
         the turn ends. ",
    );
    if o.early_end {
        text.push_str(&format!(
            "The game ends when the player to move has no seeds, or when at most {} are \
             left after a move; the seeds left count for nobody.",
            o.end_threshold
        ));
    } else {
        text.push_str(
            "A player who cannot move passes; the game ends when neither can move or a \
             position repeats; the seeds left count for nobody.",
        );
    }
    text
}

/// Numa's rules.
pub(super) fn numa(_game: &numa::Numa) -> String {
    "Numa: four pieces on a 5x5 board that wraps around at its edges. Each turn both \
     players choose at once two instructions, each a piece and a colour, for two \
     different pieces and two different colours; every piece named moves one square \
     towards that colour's edge (yellow north, red east, blue south, green west) and \
     turns over. Then each pair of pieces alone on touching squares (diagonals too) \
     showing the same numerals scores their sum for those numerals' player."
        .into()
}
