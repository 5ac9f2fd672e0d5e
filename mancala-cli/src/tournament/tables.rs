//! The tables of a tournament, as the program prints them: the header
//! (the agents and what they are), the crosstable, the ranking with Elo
//! ratings, and the notes.

use std::fmt::Write as _;

use super::{MAX_PLIES, Standings, TournamentArgs};
use crate::ratings::{self, FitError, Ratings, Record};

/// The tables of a tournament's [`Standings`], as the program prints them.
pub fn render(args: &TournamentArgs, standings: &Standings) -> String {
    let page = Page {
        args,
        standings,
        unit: if args.game.0.simultaneous() {
            "turns"
        } else {
            "moves"
        },
        width: standings.labels.iter().map(String::len).max().unwrap_or(0),
        anchor: args
            .anchor
            .as_ref()
            .and_then(|a| standings.labels.iter().position(|l| l == a)),
    };
    let mut out = String::new();
    page.header(&mut out);
    page.crosstable(&mut out);
    let rated = page.rated();
    page.ranking(&mut out, &rated);
    page.notes(&mut out, &rated);
    out
}

/// What every table of [`render`] reads.
struct Page<'a> {
    args: &'a TournamentArgs,
    standings: &'a Standings,
    /// What a game's plies are called: `moves`, or `turns` in Numa.
    unit: &'static str,
    /// The widest label.
    width: usize,
    /// The agent `--anchor` rates 0.
    anchor: Option<usize>,
}

impl Page<'_> {
    /// The opening lines: the tournament, its openings, its agents.
    fn header(&self, out: &mut String) {
        let (args, standings, unit, width) = (self.args, self.standings, self.unit, self.width);
        let _ = writeln!(
            out,
            "{}: round robin of {} agents, {} games a pairing, {} in all (seed {})",
            args.game.name(),
            standings.labels.len(),
            2 * standings.openings,
            standings.table.games(),
            args.seed
        );
        if args.opening == 0 {
            let _ = writeln!(
                out,
                "  every game from the start, each pairing {} times from each seat",
                standings.openings
            );
        } else {
            let _ = writeln!(
                out,
                "  {} random openings of {} {unit} (the same for every pairing), each played \
                 twice,\n  once with each agent of the pairing in the first seat",
                standings.openings, args.opening
            );
        }
        for (label, description) in standings.labels.iter().zip(&standings.descriptions) {
            let _ = writeln!(out, "  {label:<width$}  {description}");
        }
    }

    /// The crosstable: each cell the row agent's points against the column
    /// agent.
    fn crosstable(&self, out: &mut String) {
        let (standings, width) = (self.standings, self.width);
        let n = standings.labels.len();
        let _ = writeln!(
            out,
            "\ncrosstable: the row agent's points against the column agent (a win 1, a draw 1/2)"
        );
        let cell = |i: usize, j: usize| {
            if i == j {
                "-".to_string()
            } else {
                standings
                    .table
                    .record(i, j)
                    .unwrap_or_default()
                    .points_text()
            }
        };
        let col_width: Vec<usize> = (0..n)
            .map(|j| {
                (0..n)
                    .map(|i| cell(i, j).len())
                    .chain([standings.labels[j].len()])
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        let mut line = format!("  {:width$}", "");
        for (j, label) in standings.labels.iter().enumerate() {
            line += &format!("  {}", right(label, col_width[j]));
        }
        let _ = writeln!(out, "{}", line.trim_end());
        for (i, label) in standings.labels.iter().enumerate() {
            let mut line = format!("  {label:<width$}");
            for (j, w) in col_width.iter().enumerate() {
                line += &format!("  {}", right(&cell(i, j), *w));
            }
            let _ = writeln!(out, "{line}");
        }
    }

    /// The ratings of the ranking: the fit, anchored as `--anchor` asks.
    fn rated(&self) -> Result<Ratings, FitError> {
        let fitted = ratings::fit(&self.standings.table);
        match (&fitted, self.anchor) {
            (Ok(r), Some(a)) => r.anchored_at(a).ok_or(FitError::TooFewAgents),
            (Ok(r), None) => Ok(r.clone()),
            (Err(e), _) => Err(*e),
        }
    }

    /// The agents, best first: by rating, then by points, then as given.
    fn order(&self, rated: &Result<Ratings, FitError>) -> Vec<usize> {
        let table = &self.standings.table;
        let mut order: Vec<usize> = (0..self.standings.labels.len()).collect();
        let elo = |i: usize| rated.as_ref().ok().and_then(|r| r.elo(i));
        order.sort_by(|&x, &y| {
            let by_elo = elo(y).unwrap_or(0.0).total_cmp(&elo(x).unwrap_or(0.0));
            let by_points = table
                .total(y)
                .half_points()
                .cmp(&table.total(x).half_points());
            by_elo.then(by_points).then(x.cmp(&y))
        });
        order
    }

    /// The ranking: what it rates by, then a line an agent, best first.
    fn ranking(&self, out: &mut String, rated: &Result<Ratings, FitError>) {
        let (standings, width) = (self.standings, self.width);
        match rated {
            Ok(_) => {
                let zero = match self.anchor {
                    Some(a) => format!("{} rated 0", standings.labels[a]),
                    None => "ratings average 0".into(),
                };
                let _ = writeln!(
                    out,
                    "\nranking: Elo by a maximum-likelihood Bradley-Terry fit of all {} games \
                     (draws\n  half a win), {zero}; ±95% is 1.96 standard errors",
                    standings.table.games()
                );
            }
            Err(e) => {
                let _ = writeln!(out, "\nranking by points (no Elo ratings: {e})");
            }
        }
        let totals: Vec<Record> = (0..standings.labels.len())
            .map(|i| standings.table.total(i))
            .collect();
        let points_width = totals
            .iter()
            .map(|t| t.points_text().len())
            .max()
            .unwrap_or(0)
            .max(6);
        let wdl_width = totals
            .iter()
            .map(|t| wdl(t).len())
            .max()
            .unwrap_or(0)
            .max(5);
        let _ = writeln!(
            out,
            "  {:>2}  {:<width$}  {:>points_width$}  {:>6}  {:>7}  {:>6}  {:>wdl_width$}  {:>9}",
            "#", "agent", "points", "%", "Elo", "±95%", "W-D-L", "avg score"
        );
        for (rank, &i) in self.order(rated).iter().enumerate() {
            let t = totals[i];
            let percent = t
                .fraction()
                .map_or("-".into(), |p| format!("{:.1}%", 100.0 * p));
            let (elo_text, margin) = match rated.as_ref().ok().and_then(|r| r.estimate(i)) {
                // `+ 0.0` writes a rating of -0.0 as +0.0.
                Some(e) => (
                    format!("{:+.1}", e.elo + 0.0),
                    format!("{:.1}", e.margin95()),
                ),
                None => ("-".into(), "-".into()),
            };
            let average = if t.games() == 0 {
                "-".into()
            } else {
                format!(
                    "{:.2}",
                    standings.final_scores[i] as f64 / f64::from(t.games())
                )
            };
            let _ = writeln!(
                out,
                "  {:>2}  {:<width$}  {:>points_width$}  {percent:>6}  {elo_text:>7}  {margin:>6}  \
                 {:>wdl_width$}  {average:>9}",
                rank + 1,
                standings.labels[i],
                t.points_text(),
                wdl(&t),
            );
        }
    }

    /// The notes: whitewashes clamped, games unfinished, and with two
    /// agents the gap from the score alone.
    fn notes(&self, out: &mut String, rated: &Result<Ratings, FitError>) {
        let standings = self.standings;
        if let Ok(r) = rated
            && !r.clamped().is_empty()
        {
            let _ = writeln!(
                out,
                "  note: a whitewash has no finite rating gap, so for the ratings it counts half a\n    \
                 point less (as if one win were a draw), and its gap is a lower bound:"
            );
            let list: Vec<String> = r
                .clamped()
                .iter()
                .map(|&(winner, loser)| {
                    let record = standings.table.record(winner, loser).unwrap_or_default();
                    format!(
                        "{} {} {}",
                        standings.labels[winner],
                        record.points_text(),
                        standings.labels[loser]
                    )
                })
                .collect();
            let _ = writeln!(out, "{}", wrap(&list.join(", "), 6, 80));
        }
        if standings.unfinished > 0 {
            let _ = writeln!(
                out,
                "  note: {} games stopped after {MAX_PLIES} {} and were scored as they stood",
                standings.unfinished, self.unit
            );
        }
        if standings.labels.len() == 2
            && let Some(record) = standings.table.record(0, 1)
            && let (Some(p), Some(gap)) = (record.fraction(), ratings::two_agent(record))
        {
            let _ = writeln!(
                out,
                "\n{} - {}: {gap} Elo from the score p = {p:.4} of {} games\n  \
                 (-400 log10(1/p - 1); ±95% by the delta method from the per-game variance)",
                standings.labels[0],
                standings.labels[1],
                record.games(),
            );
        }
    }
}

/// A record as `wins-draws-losses`.
fn wdl(t: &Record) -> String {
    format!("{}-{}-{}", t.wins, t.draws, t.losses)
}

/// `text` in lines of at most `width` characters (longer words alone),
/// each indented by `indent` spaces.
fn wrap(text: &str, indent: usize, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && indent + line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    let pad = " ".repeat(indent);
    lines
        .iter()
        .map(|l| format!("{pad}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Pads `s` on the left to `width` characters.
fn right(s: &str, width: usize) -> String {
    format!("{s:>width$}")
}
