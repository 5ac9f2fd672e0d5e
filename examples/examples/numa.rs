//! Numa: the source's example of play, then a game between two computer
//! players, drawing the grid each turn.
//!
//! ```text
//! cargo run --example numa [-- SEED]
//! ```
//!
//! Arabic plays greedily (the choice that does best against every Roman
//! reply on average), Roman at random.

use numa::*;

fn show_turn(game: &mut Numa, n: usize, mv: JointMove) {
    match game.play(mv) {
        Ok(report) => {
            println!("Turn {n}: Arabic {} / Roman {}", mv.arabic, mv.roman);
            println!("  {report}");
            println!("{game:#}\n");
        }
        Err(e) => println!("Turn {n} refused: {e}"),
    }
}

/// Arabic's choice with the best average points balance over Roman's 72
/// replies.
fn greedy(game: &Numa) -> Choice {
    let replies: Vec<Choice> = Choice::all().collect();
    let mut best = (i64::MIN, replies[0]);
    for mine in Choice::all() {
        let total: i64 = replies
            .iter()
            .map(|&theirs| {
                let mut next = *game;
                let r = next.play_unchecked(JointMove {
                    arabic: mine,
                    roman: theirs,
                });
                i64::from(r.points[0]) - i64::from(r.points[1])
            })
            .sum();
        if total > best.0 {
            best = (total, mine);
        }
    }
    best.1
}

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2003u64);
    println!("The source's example of play\n");
    let mut game = Numa::default();
    println!("{game:#}\n");
    let example = [
        ("pentagon-red+square-blue", "pentagon-yellow+circle-green"),
        ("circle-red+square-blue", "square-yellow+pentagon-red"),
        ("circle-yellow+pentagon-red", "square-yellow+triangle-red"),
    ];
    for (n, (a, r)) in example.into_iter().enumerate() {
        match (a.parse(), r.parse()) {
            (Ok(arabic), Ok(roman)) => show_turn(&mut game, n + 1, JointMove { arabic, roman }),
            _ => return eprintln!("bad example choice"),
        }
    }
    if game.outcome() == Some(Outcome::Winner(Player::P1)) {
        println!("Roman wins, as in the source.\n");
    }

    println!("A game: Arabic (greedy) against Roman (random), seed {seed}\n");
    let mut rng = mancala_engine::Rng::new(seed);
    let choices: Vec<Choice> = Choice::all().collect();
    let mut game = Numa::default();
    let mut n = 0;
    while game.outcome().is_none() && n < 500 {
        n += 1;
        let mv = JointMove {
            arabic: greedy(&game),
            roman: choices[rng.below(choices.len())],
        };
        show_turn(&mut game, n, mv);
    }
    let [a, r] = game.points();
    match game.outcome() {
        Some(Outcome::Winner(p)) => println!(
            "{} wins after {n} turns, {a} to {r}.",
            if p == Player::P0 { "Arabic" } else { "Roman" }
        ),
        _ => println!("No winner after {n} turns ({a} to {r})."),
    }
}
