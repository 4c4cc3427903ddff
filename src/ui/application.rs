//! The application object: the stylesheet, the main window, and the app-wide actions with their
//! accelerators (callable from outside with `gapplication action io.github.nonet.Nonet NAME`).

use std::cell::RefCell;
use std::rc::Rc;

use adw::prelude::*;
use gtk::{gdk, gio, glib};

use super::controller::Controller;
use super::preferences;
use super::settings::Settings;
use super::step_list::Listing;
use super::{APP_ID, RESOURCE_PREFIX};
use crate::engine::grid::CELLS;
use crate::engine::logic::Level;
use crate::i18n::{fill, gettext};

/// The one game window, owned here: every callback holds the controller weakly.
type Owner = Rc<RefCell<Option<Rc<Controller>>>>;

pub fn build() -> adw::Application {
    let app = adw::Application::builder()
        .application_id(APP_ID)
        .resource_base_path(RESOURCE_PREFIX)
        .flags(gio::ApplicationFlags::HANDLES_OPEN)
        .build();
    command_line(&app);
    app.connect_startup(|app| {
        super::timing::startup("GTK and libadwaita initialised");
        load_css();
        super::timing::startup("stylesheet loaded");
        quit_on_signals(app);
    });
    // Every window of the app, dialogs too: GTK 4.8 can leave the focus in a closed popover.
    app.connect_window_added(|_, window| super::focus::keep_out_of_closed_popovers(window));
    let owner: Owner = Rc::default();
    {
        let owner = owner.clone();
        app.connect_activate(move |app| {
            window(app, &owner).window.present();
            super::timing::startup("window presented");
        });
    }
    // `nonet FILE` (also sent to a running instance) plays the first puzzle in the file (or, for the
    // file of several opened last, where it was left: see `Controller::open_file`); `nonet
    // PUZZLE` plays a puzzle written out as a line of 81 cells.
    app.connect_open(move |app, files, _| {
        let controller = window(app, &owner);
        controller.window.present();
        if let Some(file) = files.first() {
            match puzzle_line_given(file) {
                Some(line) => controller.play_text(line, super::import::Source::Typed),
                None => controller.open_file(file.clone()),
            }
        }
    });
    app
}

/// The puzzle of `nonet 7.8...3.....6.1…`: GIO takes every argument for a file (this one in the
/// working directory), so an argument naming no file whose name is a line of 81 cells (digits,
/// with `.` or `0` for blanks) is that puzzle. A file of that name is opened as a file.
fn puzzle_line_given(file: &gio::File) -> Option<String> {
    let path = file.path()?;
    let name = path.file_name()?.to_str()?;
    let is_line = name.len() == CELLS && name.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    (is_line && !path.exists()).then(|| name.to_string())
}

/// What `nonet --help` says, and `--version`: "Usage: nonet [OPTION…] [FILE…]", what a file
/// does, and the version (printed by this process, without starting the app).
fn command_line(app: &adw::Application) {
    app.set_option_context_parameter_string(Some(&gettext("[FILE…]")));
    app.set_option_context_summary(Some(&gettext(
        "Play Sudoku. Given a FILE (a line of 81 cells, a grid, .sdk, .ss, a forum's pencil-mark grid or JSON), Nonet plays its first puzzle, or for a file of several opened before the puzzle where it was left; given a line of 81 cells itself (digits, with . or 0 for blanks), that puzzle; a running Nonet plays it in its window.",
    )));
    app.add_main_option(
        "version",
        glib::Char::from(b'v'),
        glib::OptionFlags::NONE,
        glib::OptionArg::None,
        &gettext("Show the version and quit"),
        None,
    );
    app.connect_handle_local_options(|_, options| {
        if options.contains("version") {
            println!("nonet {}", env!("CARGO_PKG_VERSION"));
            return std::ops::ControlFlow::Break(glib::ExitCode::SUCCESS);
        }
        std::ops::ControlFlow::Continue(())
    });
}

/// The game window, built on first use.
fn window(app: &adw::Application, owner: &Owner) -> Rc<Controller> {
    if let Some(controller) = owner.borrow().as_ref() {
        return controller.clone();
    }
    let settings = Settings::load();
    super::timing::startup("settings loaded");
    let controller = Controller::build(app, settings);
    if std::env::var_os(super::probe::STATE_FILE_ENV).is_some() {
        super::closed_windows::watch(controller.window.upcast_ref::<gtk::Window>());
    }
    super::timing::startup("main window built");
    add_actions(app, &controller);
    super::timing::startup("actions added");
    owner.replace(Some(controller.clone()));
    let weak_owner = Rc::downgrade(owner);
    controller.window.connect_close_request(move |_| {
        if let Some(owner) = weak_owner.upgrade() {
            owner.take();
        }
        glib::Propagation::Proceed
    });
    controller
}

/// The session ending (SIGTERM, SIGHUP) or Ctrl+C in a terminal (SIGINT) quits as Quit does:
/// the windows close, so the game's clock, the window's size and the Lab's script are saved and
/// the history's last writes finish. (Without this, the process died where it stood.)
fn quit_on_signals(app: &adw::Application) {
    for signal in [libc::SIGTERM, libc::SIGHUP, libc::SIGINT] {
        let app = app.downgrade();
        glib_unix::unix_signal_add_local(signal, move || {
            if let Some(app) = app.upgrade() {
                tracing::info!("signal {signal}: quitting");
                super::lab_host::leave_unkept_script();
                quit(&app);
            }
            glib::ControlFlow::Continue
        });
    }
}

/// Closes every window (each saves what it holds as it closes), then ends the application;
/// unless the main window asks first (a script the Lab can't keep), whose answer decides.
fn quit(app: &adw::Application) {
    tracing::info!("quitting: closing every window");
    for window in app.windows() {
        window.close();
    }
    if !super::lab_host::asking_about_script() {
        app.quit();
    }
}

fn load_css() {
    let provider = gtk::CssProvider::new();
    provider.load_from_resource(&format!("{RESOURCE_PREFIX}/style.css"));
    if let Some(display) = gdk::Display::default() {
        gtk::style_context_add_provider_for_display(&display, &provider, gtk::STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
}

/// A plain action that calls `run` on the controller.
fn simple(app: &adw::Application, controller: &Rc<Controller>, name: &str, run: fn(&Rc<Controller>)) {
    let action = gio::SimpleAction::new(name, None);
    let controller = Rc::downgrade(controller);
    action.connect_activate(move |_, _| {
        if let Some(controller) = controller.upgrade() {
            run(&controller);
        }
    });
    app.add_action(&action);
}

/// An action that opens a dialog or a window of its own (History, Solution Path, a file
/// chooser): while a modal window of Nonet's is open (a dialog, a question, a file chooser or
/// Keyboard Shortcuts, which hold every other window: one opened then would take no click), that
/// window comes to the front instead, so a command sent from outside (`gapplication action`,
/// D-Bus) never stacks a second window on it.
fn dialog(app: &adw::Application, controller: &Rc<Controller>, name: &str, run: fn(&Rc<Controller>)) {
    let action = gio::SimpleAction::new(name, None);
    let controller = Rc::downgrade(controller);
    action.connect_activate(move |_, _| {
        if let Some(open) = super::open_modal() {
            return open.present();
        }
        if let Some(controller) = controller.upgrade() {
            run(&controller);
        }
    });
    app.add_action(&action);
}

/// A boolean action shown as a check item; `set` receives the new state.
fn toggle(app: &adw::Application, controller: &Rc<Controller>, name: &str, set: fn(&Rc<Controller>, bool)) {
    let action = gio::SimpleAction::new_stateful(name, None, &false.to_variant());
    // Activating flips the state; every change of state (a check mark, a key, `SetState` over
    // D-Bus) goes through `set`, so the state and the game never disagree.
    action.connect_activate(move |action, _| {
        let on = !action.state().and_then(|s| s.get::<bool>()).unwrap_or(false);
        action.change_state(&on.to_variant());
    });
    let controller = Rc::downgrade(controller);
    action.connect_change_state(move |action, value| {
        let Some(on) = value.and_then(|v| v.get::<bool>()) else {
            return;
        };
        action.set_state(&on.to_variant());
        if let Some(controller) = controller.upgrade() {
            set(&controller, on);
        }
    });
    app.add_action(&action);
}

/// An action taking a number (`int64`): a game id of the history, a puzzle of a file, an example.
fn with_number(app: &adw::Application, controller: &Rc<Controller>, name: &str, run: fn(&Rc<Controller>, i64)) {
    let action = gio::SimpleAction::new(name, Some(glib::VariantTy::INT64));
    let weak = Rc::downgrade(controller);
    action.connect_activate(move |_, id| {
        if let (Some(controller), Some(id)) = (weak.upgrade(), id.and_then(|v| v.get::<i64>())) {
            run(&controller, id);
        }
    });
    app.add_action(&action);
}

/// A stateful action taking a small number (`int32`: a digit, a colour; 0 for none), whose state
/// the controller keeps in step with what the board shows.
fn with_choice(app: &adw::Application, controller: &Rc<Controller>, name: &str, run: fn(&Controller, u8)) {
    let action = gio::SimpleAction::new_stateful(name, Some(glib::VariantTy::INT32), &0i32.to_variant());
    let weak = Rc::downgrade(controller);
    action.connect_activate(move |_, parameter| {
        let choice = parameter
            .and_then(|p| p.get::<i32>())
            .and_then(|n| u8::try_from(n).ok());
        if let (Some(controller), Some(choice)) = (weak.upgrade(), choice) {
            run(&controller, choice);
        }
    });
    app.add_action(&action);
}

fn add_actions(app: &adw::Application, controller: &Rc<Controller>) {
    // `play-again(x)`: a fresh game on the puzzle of a game of the history, by its id.
    with_number(app, controller, "play-again", |c, id| c.play_again_id(id));
    // `resume-game(x)`: puts a paused game of the history back on the board, by its id.
    with_number(app, controller, "resume-game", |c, id| c.resume_id(id));
    // `play-from-move((xu))`: a new game on a game of the history's puzzle, taken up at the
    // board its first n moves left (a replay's Play From Here).
    let play_from = gio::SimpleAction::new("play-from-move", Some(glib::VariantTy::new("(xu)").expect("a type")));
    let weak = Rc::downgrade(controller);
    play_from.connect_activate(move |_, parameter| {
        let chosen = parameter.and_then(|p| p.get::<(i64, u32)>());
        if let (Some(controller), Some((id, moves))) = (weak.upgrade(), chosen) {
            controller.play_from_move(id, moves);
        }
    });
    app.add_action(&play_from);
    // `delete-game(x)`: asks, then deletes a game of the history (not the one being played).
    with_number(app, controller, "delete-game", |c, id| c.delete_game_id(id));
    // `clear-history`: asks, then deletes every game of the history but the one being played.
    simple(app, controller, "clear-history", |c| c.clear_history());
    // `export-history`: asks for a file, then writes every game to it (CSV, or JSON with moves).
    dialog(app, controller, "export-history", |c| c.export_history());
    // `lab-example(n)`: the Lab's n-th shipped example in its editor, as one edit that Ctrl+Z in
    // the editor takes back; one that does not exist is told, the Lab left as it is.
    with_number(app, controller, "lab-example", |c, n| match super::lab::example(n) {
        Ok(text) => c.lab().replace_script(text),
        Err(problem) => c.say(&problem),
    });
    simple(app, controller, "lab-clear", |c| c.lab().clear_output());
    dialog(app, controller, "lab-open", |c| c.lab().open_script());
    dialog(app, controller, "lab-save-as", |c| c.lab().save_script_as());
    simple(app, controller, "new-game", |c| c.new_game());
    simple(app, controller, "daily-puzzle", |c| c.daily_puzzle());
    // `daily-puzzle-of(s)`: the daily puzzle of a day, `'2026-12-05'`; `daily-calendar`: the
    // calendar of the daily puzzles, to choose one.
    let daily_of = gio::SimpleAction::new("daily-puzzle-of", Some(glib::VariantTy::STRING));
    let weak = Rc::downgrade(controller);
    daily_of.connect_activate(move |_, parameter| {
        if let (Some(controller), Some(text)) = (weak.upgrade(), parameter.and_then(|p| p.get::<String>())) {
            controller.daily_puzzle_named(&text);
        }
    });
    app.add_action(&daily_of);
    dialog(app, controller, "daily-calendar", |c| c.show_daily_calendar());
    // `practise`: the chooser of a technique to practise; `practise-technique(s)`: a new game at
    // a position whose next step is of that technique (its id, as `nonet-cli techniques` lists).
    dialog(app, controller, "practise", |c| c.choose_practice());
    let practise = gio::SimpleAction::new("practise-technique", Some(glib::VariantTy::STRING));
    let weak = Rc::downgrade(controller);
    practise.connect_activate(move |_, parameter| {
        if let (Some(controller), Some(id)) = (weak.upgrade(), parameter.and_then(|p| p.get::<String>())) {
            controller.practise_id(&id);
        }
    });
    app.add_action(&practise);
    simple(app, controller, "hint", |c| c.hint());
    simple(app, controller, "show-message", |c| c.show_whole_message());
    // The help on the technique the message names (a hint's; its link, from the keyboard), else
    // on the techniques.
    simple(app, controller, "technique-help", |c| c.show_technique_help());
    simple(app, controller, "solve", |c| c.solve());
    simple(app, controller, "undo", |c| c.undo());
    simple(app, controller, "redo", |c| c.redo());
    simple(app, controller, "fill-candidates", |c| c.fill_candidates());
    simple(app, controller, "clear-marks", |c| c.clear_marks());
    simple(app, controller, "reset", |c| c.reset());
    simple(app, controller, "set-checkpoint", |c| c.set_checkpoint());
    simple(app, controller, "back-to-checkpoint", |c| c.back_to_checkpoint());
    simple(app, controller, "undo-to-last-correct", |c| c.undo_to_last_correct());
    simple(app, controller, "try-again", |c| c.try_again());
    dialog(app, controller, "print", |c| c.print());
    dialog(app, controller, "print-puzzles", |c| c.print_puzzles());
    // `print-file-puzzles`: puzzles of the last file opened that holds several, by their numbers.
    dialog(app, controller, "print-file-puzzles", |c| c.print_file_puzzles());
    // `print-to-file((path, with-progress))`: the board printed to a PDF file, no dialog.
    let print_to_file = gio::SimpleAction::new("print-to-file", Some(glib::VariantTy::new("(sb)").unwrap()));
    let weak = Rc::downgrade(controller);
    print_to_file.connect_activate(move |_, parameter| {
        let request = parameter.and_then(|v| v.get::<(String, bool)>());
        if let (Some(controller), Some((path, with_progress))) = (weak.upgrade(), request) {
            controller.print_to_file(&path, with_progress);
        }
    });
    app.add_action(&print_to_file);
    dialog(app, controller, "history", |c| c.show_history());
    simple(app, controller, "scripting", |c| c.toggle_lab());
    simple(app, controller, "script-run", |c| c.lab().start(false));
    simple(app, controller, "script-step", |c| c.lab().start(true));
    simple(app, controller, "script-stop", |c| c.lab().request_stop());
    simple(app, controller, "enter-puzzle", |c| {
        c.enter_on_board([0; crate::engine::grid::CELLS])
    });
    dialog(app, controller, "enter-text", |c| c.entry_as_text());
    simple(app, controller, "entry-start", |c| c.start_entry());
    simple(app, controller, "entry-cancel", |c| c.cancel_entry());
    dialog(app, controller, "open", |c| c.open());
    // `next-in-file`: the next puzzle of the last file opened that holds several;
    // `puzzle-in-file(n)`: its puzzle n (from 1).
    simple(app, controller, "next-in-file", |c| c.next_in_file());
    with_number(app, controller, "puzzle-in-file", |c, n| c.puzzle_in_file(n));
    // `choose-in-file`: asks for the number of a puzzle of that file.
    dialog(app, controller, "choose-in-file", |c| c.choose_in_file());
    simple(app, controller, "paste", |c| c.paste());
    simple(app, controller, "copy-puzzle", |c| c.copy_puzzle());
    dialog(app, controller, "solution-path", |c| {
        c.show_steps(Listing::SolutionPath)
    });
    dialog(app, controller, "all-steps", |c| c.show_steps(Listing::AllSteps));
    simple(app, controller, "copy-position", |c| c.copy_position());
    dialog(app, controller, "save-position", |c| c.save_position());
    dialog(app, controller, "preferences", |c| {
        preferences::show(&c.window, &c.settings)
    });
    // `help`: the user help at its start; `help-page(s)`: at one of its pages ("lab", …).
    simple(app, controller, "help", |c| c.show_help(None));
    let help_page = gio::SimpleAction::new("help-page", Some(glib::VariantTy::STRING));
    let weak = Rc::downgrade(controller);
    help_page.connect_activate(move |_, parameter| {
        let page = parameter.and_then(|p| p.get::<String>());
        if let (Some(controller), Some(page)) = (weak.upgrade(), page) {
            controller.show_help(Some(&page));
        }
    });
    app.add_action(&help_page);
    toggle(app, controller, "show-solution", |c, on| c.set_solution_shown(on));
    toggle(app, controller, "pause", |c, on| c.set_paused(on));
    toggle(app, controller, "fullscreen", |c, on| c.set_fullscreen(on));
    toggle(app, controller, "pencil", |c, on| {
        c.set_pencil(on);
    });

    let level = controller.level().id();
    let difficulty = gio::SimpleAction::new_stateful("difficulty", Some(glib::VariantTy::STRING), &level.to_variant());
    let weak = Rc::downgrade(controller);
    difficulty.connect_activate(move |action, parameter| {
        let Some(id) = parameter.and_then(|p| p.get::<String>()) else {
            return;
        };
        let Some(controller) = weak.upgrade() else { return };
        match id.parse::<Level>() {
            Ok(level) => {
                action.set_state(&id.to_variant());
                controller.set_level(level);
            }
            // Only from outside (`gapplication action … difficulty "'extreme'"`).
            Err(_) => {
                let levels: Vec<&str> = Level::ALL.iter().map(|level| level.id()).collect();
                controller.say(&fill(
                    &gettext("There is no level “{id}”: the levels are {levels}."),
                    &[("id", &id), ("levels", &levels.join(", "))],
                ))
            }
        }
    });
    app.add_action(&difficulty);

    // `highlight-digit(i)`: every cell holding the digit, or holding it as a pencil mark, stands
    // out (10: the cells with two pencil marks); the same again (or 0) ends it. The state is
    // what is highlighted (0: nothing).
    with_choice(app, controller, "highlight-digit", |c, digit| c.highlight_digit(digit));
    // `colour(i)`: takes up colour i (1–4) for colouring pencil marks and cells, or puts it down
    // when it is the one in hand (or for 0). The state is the colour in hand (0: none).
    with_choice(app, controller, "colour", |c, colour| c.choose_colour(colour));
    simple(app, controller, "clear-colours", |c| c.clear_colours());

    // Quit closes the windows, so each saves its state as when closed by hand.
    let quit = gio::ActionEntry::builder("quit")
        .activate(|app: &adw::Application, _, _| quit(app))
        .build();
    let about = gio::ActionEntry::builder("about")
        .activate(|app: &adw::Application, _, _| show_about(app))
        .build();
    app.add_action_entries([quit, about]);

    for (action, accels) in [
        ("app.new-game", &["<Control>n"][..]),
        ("app.practise", &["<Control>t"]),
        ("app.hint", &["<Control>h"]),
        ("app.show-message", &["<Control>m"]),
        ("app.undo", &["<Control>z"]),
        ("app.redo", &["<Control><Shift>z", "<Control>y"]),
        ("app.show-solution", &["<Control><Shift>s"]),
        ("app.solve", &["<Control><Shift>Return"]),
        ("app.pause", &["<Control>p"]),
        ("app.fullscreen", &["F11"]),
        ("app.fill-candidates", &["<Control><Shift>f"]),
        ("app.reset", &["<Control>r"]),
        ("app.set-checkpoint", &["<Control>b"]),
        ("app.back-to-checkpoint", &["<Control><Shift>b"]),
        ("app.history", &["<Control><Shift>h"]),
        ("app.print", &["<Control><Shift>p"]),
        ("app.scripting", &["<Control><Shift>l"]),
        // Runs the Lab's script from anywhere in the window (opening the Lab if closed).
        ("app.script-run", &["<Control>Return"]),
        ("app.enter-puzzle", &["<Control>e"]),
        ("app.open", &["<Control>o"]),
        ("app.save-position", &["<Control>s"]),
        ("app.next-in-file", &["<Control><Shift>n"]),
        ("app.paste", &["<Control><Shift>v"]),
        ("app.copy-puzzle", &["<Control><Shift>c"]),
        ("app.preferences", &["<Control>comma"]),
        ("win.show-help-overlay", &["<Control>question"]),
        ("app.help", &["F1"]),
        ("app.technique-help", &["<Shift>F1"]),
        ("app.quit", &["<Control>q"]),
    ] {
        app.set_accels_for_action(action, accels);
    }
    // Alt+digit highlights the digit: from the top row, and from the keypad with Num Lock on or
    // off (as digits are entered either way).
    let keypad_off = [
        "End",
        "Down",
        "Page_Down",
        "Left",
        "Begin",
        "Right",
        "Home",
        "Up",
        "Page_Up",
    ];
    for (digit, off) in (1..=9).zip(keypad_off) {
        let keys = [
            format!("<Alt>{digit}"),
            format!("<Alt>KP_{digit}"),
            format!("<Alt>KP_{off}"),
        ];
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        app.set_accels_for_action(&format!("app.highlight-digit({digit})"), &keys);
    }
    // Alt+0: the cells with two pencil marks (HoDoKu's bivalue filter).
    app.set_accels_for_action(
        &format!("app.highlight-digit({})", super::play::BIVALUE),
        &["<Alt>0", "<Alt>KP_0", "<Alt>KP_Insert"],
    );
}

fn show_about(app: &adw::Application) {
    if let Some(open) = super::open_modal() {
        return open.present();
    }
    /// The project's home, as in the metainfo.
    const WEBSITE: &str = "https://github.com/nonet/nonet";
    let about = adw::AboutWindow::builder()
        .application_name("Nonet")
        .application_icon(APP_ID)
        .developer_name(gettext("The Nonet developers"))
        .version(env!("CARGO_PKG_VERSION"))
        .comments(gettext("A Sudoku game with an engine that explains itself"))
        .license_type(gtk::License::Gpl30)
        .developers(vec![gettext("The Nonet developers")])
        .translator_credits(gettext("translator-credits"))
        .website(WEBSITE)
        .issue_url(format!("{WEBSITE}/issues"))
        .modal(true)
        .build();
    super::name_about_window_parts(&about);
    super::probe::note_about_window(&about);
    if let Some(window) = app.active_window() {
        about.set_transient_for(Some(&window));
    }
    about.present();
}
