//! The game loop at the table: who sits where, what each acting player
//! chooses (the computer at once, a human by typing), the move played and
//! said in words, and the end of the game.

use std::io::{self, BufRead, Write};

use mancala_core::{Game, Outcome, Player, Status};

use super::terminal_game::{Ending, TerminalGame, result_line};
use super::text::{self, Names, wrap};
use super::{MAX_PLIES, PlayArgs, RunError};

/// A computer player: `player`'s action in `game`, or `None` if he has none.
pub(super) type Computer<'a, G> = Box<dyn FnMut(&G, Player) -> Option<<G as Game>::Action> + 'a>;

/// The computer's players and the adviser behind `hint`.
pub(super) struct Players<'a, G: Game> {
    /// Plays every seat no human takes.
    pub(super) computer: Computer<'a, G>,
    /// Answers `hint`.
    pub(super) adviser: Computer<'a, G>,
}

/// Where the commands come from and everything goes.
pub(super) struct Console<'a> {
    pub(super) input: &'a mut dyn BufRead,
    pub(super) out: &'a mut dyn Write,
}

/// Reads one line, trimmed; `None` at end of input.
fn read_line(input: &mut dyn BufRead) -> io::Result<Option<String>> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

/// What a human typed.
enum Command<A> {
    Quit,
    Undo,
    Hint,
    Help,
    Move(A),
    Empty,
}

/// Reads a command (any case) or, failing that, a move by `read`.
fn command<A>(
    text: &str,
    read: impl FnOnce(&str) -> Result<A, String>,
) -> Result<Command<A>, String> {
    Ok(match text.trim().to_lowercase().as_str() {
        "quit" | "q" | "exit" => Command::Quit,
        "undo" | "u" => Command::Undo,
        "hint" => Command::Hint,
        "help" | "?" => Command::Help,
        "" => Command::Empty,
        _ => Command::Move(read(text)?),
    })
}

/// What one turn's players chose, or why the game loop stops.
enum Turn<A> {
    Chosen(Vec<(Player, A)>),
    Undo,
    Stop,
}

/// What one player answered: his action, or a command that ends the turn.
enum Answer<A> {
    Action(A),
    Undo,
    Stop,
}

/// The help a human gets at the start and on `help`.
fn help<G: TerminalGame>(game: &G, p: Player) -> String {
    wrap(
        &format!(
            "At your turn, {} Or type hint (the computer's suggestion), undo (back to before \
             your last move), help, or quit.",
            game.how_to_move(p)
        ),
        0,
    )
}

/// The names of `game`'s seats, the human ones as `args` say; a usage error
/// for a seat the game does not have.
fn seats<G: TerminalGame>(args: &PlayArgs, game: &G) -> Result<Names, RunError> {
    let players = game.player_count();
    let seat = args.seat.unwrap_or(0);
    if seat >= players {
        let plain = game.seat_names();
        let listed: Vec<String> = plain
            .iter()
            .enumerate()
            .map(|(i, name)| format!("{i} ({name})"))
            .collect();
        return Err(RunError::Usage(format!(
            "--seat {seat}: this game's seats are {}",
            text::and_list(&listed)
        )));
    }
    let human = (0..players)
        .map(|i| !args.auto && (args.humans || i == seat))
        .collect();
    Ok(Names::new(game.seat_names(), human))
}

/// One game at the table: the seats' names, the computer's players and
/// the console.
struct Sitting<'a, G: Game> {
    names: Names,
    players: Players<'a, G>,
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
}

impl<G: TerminalGame> Sitting<'_, G> {
    /// The title, who plays what, and the help if a human plays.
    fn introduce(&mut self, game: &G) -> io::Result<()> {
        let names = &self.names;
        writeln!(self.out, "{}", wrap(&game.rules_in_words(), 0))?;
        for p in names.players() {
            writeln!(
                self.out,
                "{}",
                wrap(&format!("{} plays {}.", names.cap(p), game.side(p)), 2)
            )?;
        }
        if let Some(p) = names.players().find(|&p| names.is_human(p)) {
            writeln!(self.out, "{}", help(game, p))?;
        }
        Ok(())
    }

    /// Asks every acting player for his action: the computer's players
    /// choose at once; a human types his (hidden from the others in a
    /// simultaneous turn).
    fn choose(
        &mut self,
        game: &G,
        acting: &[Player],
        can_undo: bool,
    ) -> io::Result<Turn<G::Action>> {
        let simultaneous = acting.len() > 1;
        let mut choices = Vec::new();
        for &p in acting {
            let answer = if self.names.is_human(p) {
                self.ask(game, p, simultaneous, can_undo)?
            } else {
                match (self.players.computer)(game, p) {
                    Some(a) => Answer::Action(a),
                    None => {
                        writeln!(self.out, "{} has no move.", self.names.cap(p))?;
                        Answer::Stop
                    }
                }
            };
            match answer {
                Answer::Action(a) => choices.push((p, a)),
                Answer::Undo => return Ok(Turn::Undo),
                Answer::Stop => return Ok(Turn::Stop),
            }
        }
        Ok(Turn::Chosen(choices))
    }

    /// Asks the human at seat `p` until he types an action the game takes
    /// or a command that ends the turn.
    fn ask(
        &mut self,
        game: &G,
        p: Player,
        simultaneous: bool,
        can_undo: bool,
    ) -> io::Result<Answer<G::Action>> {
        let names = &self.names;
        loop {
            if simultaneous {
                write!(
                    self.out,
                    "{}, your choice (hidden) [{}]: ",
                    names.cap(p),
                    game.choices(p)
                )?;
            } else {
                write!(self.out, "{} to move [{}]: ", names.cap(p), game.choices(p))?;
            }
            self.out.flush()?;
            let Some(line) = read_line(self.input)? else {
                writeln!(self.out, "\nEnd of input.")?;
                return Ok(Answer::Stop);
            };
            match command(&line, |t| game.read_typed(p, t)) {
                Err(msg) => writeln!(self.out, "{}", wrap(&format!("Error: {msg}."), 2))?,
                Ok(Command::Quit) => {
                    writeln!(self.out, "Quit.")?;
                    return Ok(Answer::Stop);
                }
                Ok(Command::Undo) if can_undo => return Ok(Answer::Undo),
                Ok(Command::Undo) => writeln!(self.out, "Error: nothing to undo.")?,
                Ok(Command::Hint) => match (self.players.adviser)(game, p) {
                    Some(a) => writeln!(self.out, "Hint: {}", game.say(&a))?,
                    None => writeln!(self.out, "Hint: no move")?,
                },
                Ok(Command::Help) => {
                    writeln!(self.out, "{}", wrap(&game.rules_in_words(), 0))?;
                    writeln!(self.out, "{}", help(game, p))?;
                }
                Ok(Command::Empty) => {}
                Ok(Command::Move(action)) => match refusal(game, p, &action, simultaneous, names) {
                    Some(e) => writeln!(self.out, "{}", wrap(&format!("Error: {e}."), 2))?,
                    None => return Ok(Answer::Action(action)),
                },
            }
        }
    }

    /// Plays the turn's `choices` on `game` and says what they did: the
    /// position before and the move, or `None` (said) if the game refused
    /// them.
    fn play(
        &mut self,
        game: &mut G,
        choices: &[(Player, G::Action)],
        simultaneous: bool,
    ) -> io::Result<Option<(G, G::Move)>> {
        let names = &self.names;
        let before = game.clone();
        let played = game.joint_move(choices).and_then(|mv| {
            let report = game.play(mv.clone())?;
            Ok((mv, report))
        });
        match played {
            Ok((mv, report)) => {
                if simultaneous {
                    let said: Vec<String> = choices
                        .iter()
                        .map(|(p, a)| format!("{} chose {}", names.of(*p), before.say(a)))
                        .collect();
                    let line = text::capital(&format!("{}.", text::and_list(&said)));
                    writeln!(self.out, "{}", wrap(&line, 2))?;
                }
                writeln!(
                    self.out,
                    "{}",
                    wrap(&before.describe_move(&mv, &report, names), 2)
                )?;
                Ok(Some((before, mv)))
            }
            Err(e) => {
                let why = before.refusal(&e, names);
                writeln!(
                    self.out,
                    "{}",
                    wrap(&format!("The move was refused: {why}."), 2)
                )?;
                Ok(None)
            }
        }
    }

    /// The end of a game stopped after [`MAX_PLIES`]: the board, the
    /// scores and the result as they stand.
    fn stop_unfinished(&mut self, game: &G) -> io::Result<()> {
        let names = &self.names;
        writeln!(self.out, "\n{}", game.draw(names))?;
        writeln!(self.out, "Stopped after {MAX_PLIES} moves, unfinished.")?;
        writeln!(self.out, "{}", wrap(&game.standing(names), 2))?;
        let scores = game.scores();
        let outcome = Outcome::from_scores(scores.as_slice());
        let result = result_line(outcome, scores.as_slice(), names);
        writeln!(
            self.out,
            "{}",
            wrap(&format!("Result as it stands: {result}"), 2)
        )
    }

    /// The end of a finished game: the last board, why it ended, the count
    /// and the result. `last` is the position before the last move, and
    /// that move.
    fn finish(&mut self, game: &G, last: Option<&(G, G::Move)>) -> io::Result<()> {
        let names = &self.names;
        let ending = match last {
            Some((before, mv)) => game.ending(before, mv, names),
            None => Ending::as_it_stands(game, "the game was over from the start", names),
        };
        let scores = game.scores();
        let outcome = game
            .outcome()
            .unwrap_or_else(|| Outcome::from_scores(scores.as_slice()));
        writeln!(self.out, "\n{}", ending.board)?;
        writeln!(
            self.out,
            "{}",
            wrap(&format!("Game over: {}.", ending.reason), 2)
        )?;
        writeln!(self.out, "{}", wrap(&ending.count, 2))?;
        writeln!(
            self.out,
            "{}",
            wrap(
                &format!("Result: {}", result_line(outcome, scores.as_slice(), names)),
                2
            )
        )
    }
}

/// Why `p`'s typed `action` is refused, or `None` if it stands: a
/// sequential move is checked at once, with the library's own reason; a
/// simultaneous choice only against the legal choices.
fn refusal<G: TerminalGame>(
    game: &G,
    p: Player,
    action: &G::Action,
    simultaneous: bool,
    names: &Names,
) -> Option<String> {
    if simultaneous {
        (!game.legal_actions(p).contains(action))
            .then(|| format!("{} is not a legal choice", game.say(action)))
    } else {
        match game.joint_move(&[(p, *action)]) {
            Ok(mv) => game.clone().play(mv).err().map(|e| game.refusal(&e, names)),
            Err(e) => Some(game.refusal(&e, names)),
        }
    }
}

/// The game loop for any game of the family, sequential or simultaneous,
/// through the [`Game`] trait and the game's [`TerminalGame`]: says who plays what,
/// draws the board, asks the acting players, plays their move and says what
/// it did; at the end, why the game ended and the final count.
pub(super) fn play_game<G: TerminalGame>(
    args: &PlayArgs,
    mut game: G,
    players: Players<'_, G>,
    console: Console<'_>,
) -> Result<(), RunError> {
    let mut table = Sitting {
        names: seats(args, &game)?,
        players,
        input: console.input,
        out: console.out,
    };
    table.introduce(&game)?;
    let mut history: Vec<G> = Vec::new();
    let mut last: Option<(G, G::Move)> = None;
    let mut plies = 0;
    loop {
        let acting: Vec<Player> = match game.status() {
            Status::Over(_) => break,
            Status::ToMove(p) => vec![p],
            Status::Simultaneous(set) => set.iter().collect(),
        };
        if plies >= MAX_PLIES {
            table.stop_unfinished(&game)?;
            return Ok(());
        }
        writeln!(table.out, "\n{}", game.draw(&table.names))?;
        let choices = match table.choose(&game, &acting, !history.is_empty())? {
            Turn::Stop => return Ok(()),
            Turn::Undo => {
                if let Some(previous) = history.pop() {
                    game = previous;
                }
                writeln!(table.out, "Undone.")?;
                continue;
            }
            Turn::Chosen(choices) => choices,
        };
        let Some((before, mv)) = table.play(&mut game, &choices, acting.len() > 1)? else {
            return Ok(());
        };
        if choices.iter().any(|&(p, _)| table.names.is_human(p)) {
            history.push(before.clone());
        }
        plies += 1;
        last = Some((before, mv));
    }
    table.finish(&game, last.as_ref())?;
    Ok(())
}
