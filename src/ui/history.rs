//! The History window: past games (newest first, filtered by level and status) and statistics per
//! level with a chart of solve times drawn by cairo, and the techniques the hints taught. Queries
//! run off the main thread on a read-only connection, so the game keeps recording while the
//! window is open. Every matching game is listed: read from the store a page at a time, its row
//! made as the list's end comes near (see [`Shown`]). Opening a game replays it (see
//! `replay.rs`); a game deleted there or here (`history_deletion.rs`) leaves the list and the
//! statistics at once. The Statistics page is `history_stats.rs`.

use std::collections::{HashSet, VecDeque};
use std::path::PathBuf;
use std::rc::Rc;

use adw::prelude::*;
use adw::subclass::prelude::ObjectSubclassIsExt;
use gtk::{gio, glib};

use super::controller::Controller;
use super::history_deletion::{undo_shortcut, PendingUndo};
use super::history_stats::load_stats;
use super::recorder::store_error_words;
use super::replay;
use crate::engine::daily;
use crate::engine::game::format_duration;
use crate::engine::logic::Level;
use crate::i18n::{count, fill, gettext, n_, ngettext, number};
use crate::store::{Filter, GameRecord, GameStatus, Store};

/// Rows made at once: when the list is read, and each time its end comes within a page of the
/// view. (GTK lays out a row's text in some milliseconds: a thousand rows made at once held the
/// window still for seconds.)
const CHUNK: usize = 30;

/// Games read from the store at once beyond those given rows: the list reads the next ones as
/// its rows near the last read (reading 100,000 games at once took a quarter of a second).
const PAGE: usize = 200;

/// The level and status the list is filtered by.
type Filters = (Option<Level>, Option<GameStatus>);

/// The list's games: those with a row, in its order, and the next of those matching its
/// filters, read from the store a page at a time, whose rows are made as the player scrolls
/// towards the end.
#[derive(Default)]
pub struct Shown {
    /// The filters the rows are for (none before the list is first read).
    filters: Option<Filters>,
    rows: Vec<GameRecord>,
    rest: VecDeque<GameRecord>,
    /// Whether the store holds matching games past those read.
    more_in_store: bool,
    /// Counts the readings of the list: a page read for an earlier one is not wanted.
    reading: u64,
    /// Whether a page is being read.
    paging: bool,
    /// Whether the list's one row says that no game is there (or none matches).
    says_none: bool,
    /// Whether more rows are to be made in an idle moment.
    more_asked: bool,
    /// The history's database.
    path: PathBuf,
}

const STATUSES: [(Option<GameStatus>, &str); 8] = [
    (None, n_("Any Status")),
    (Some(GameStatus::Solved), n_("Solved")),
    (Some(GameStatus::SolvedWithHelp), n_("Solved with Help")),
    (Some(GameStatus::SolvedByComputer), n_("Solved by Computer")),
    (Some(GameStatus::Paused), n_("Paused")),
    (Some(GameStatus::Abandoned), n_("Abandoned")),
    (Some(GameStatus::Lost), n_("Lost")),
    (Some(GameStatus::InProgress), n_("In Progress")),
];

pub(super) fn open_store(path: &std::path::Path) -> Result<Store, String> {
    Store::open_for_reading(path).map_err(|e| store_error_words(&e))
}

/// The window's widgets, from its template `resources/ui/history.ui`.
mod imp {
    use std::cell::RefCell;
    use std::rc::Rc;

    use adw::subclass::prelude::*;
    use gtk::glib;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(resource = "/io/github/nonet/Nonet/ui/history.ui")]
    pub struct HistoryWindow {
        #[template_child]
        pub levels: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub statuses: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub count: TemplateChild<gtk::Label>,
        #[template_child]
        pub list: TemplateChild<gtk::ListBox>,
        #[template_child]
        pub games_scroller: TemplateChild<gtk::ScrolledWindow>,
        /// The games listed and those still to be given rows.
        pub shown: RefCell<super::Shown>,
        #[template_child]
        pub stats_box: TemplateChild<gtk::Box>,
        #[template_child]
        pub toasts: TemplateChild<adw::ToastOverlay>,
        /// Clear History, which has something to clear only past the game in progress.
        #[template_child]
        pub clear: TemplateChild<gtk::Button>,
        /// Export History… (`history_export.rs`).
        #[template_child]
        pub export: TemplateChild<gtk::Button>,
        /// Says, while history is off, that games are not being saved, and why.
        #[template_child]
        pub off_notice: TemplateChild<gtk::InfoBar>,
        #[template_child]
        pub off_label: TemplateChild<gtk::Label>,
        /// Reads the games and statistics again (after a game is deleted).
        pub reload: RefCell<Option<Rc<dyn Fn()>>>,
        /// The deletions' toast, while it shows: what its Undo (and Ctrl+Z) undoes.
        pub undo: RefCell<Option<super::PendingUndo>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for HistoryWindow {
        const NAME: &'static str = "NonetHistoryWindow";
        type Type = super::HistoryWindow;
        type ParentType = adw::Window;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for HistoryWindow {}
    impl WidgetImpl for HistoryWindow {}
    impl WindowImpl for HistoryWindow {}
    impl AdwWindowImpl for HistoryWindow {}
}

glib::wrapper! {
    pub struct HistoryWindow(ObjectSubclass<imp::HistoryWindow>)
        @extends adw::Window, gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root, gtk::ShortcutManager;
}

/// Opens the History window over `parent`; one already open reads its games and statistics
/// again and comes to the front (History asked for twice is one window).
pub fn show(parent: &impl IsA<gtk::Window>, path: PathBuf, off: Option<&str>) {
    if let Some(open) = history_window() {
        tell_off(&open, off);
        reload(&open);
        open.present();
        return;
    }
    let history: HistoryWindow = glib::Object::builder().property("transient-for", parent).build();
    tell_off(&history, off);
    let parts = history.imp();
    parts.shown.borrow_mut().path = path.clone();
    let window: adw::Window = history.clone().upcast();
    let (levels, statuses, count, stats_box, clear) = (
        parts.levels.get(),
        parts.statuses.get(),
        parts.count.get(),
        parts.stats_box.get(),
        parts.clear.get(),
    );
    let names = STATUSES.map(|(_, name)| gettext(name));
    statuses.set_model(Some(&gtk::StringList::new(&names.each_ref().map(String::as_str))));
    super::name_drop_down(&levels, &gettext("Level"));
    super::name_drop_down(&statuses, &gettext("Status"));

    // (It holds the window's widgets weakly: the drop-downs' handlers hold it, and a drop-down
    // it held strongly would keep it, itself and the list with every row alive for good.)
    let reload = {
        let (count, levels, statuses, clear) = (
            count.downgrade(),
            levels.downgrade(),
            statuses.downgrade(),
            clear.downgrade(),
        );
        let history = history.downgrade();
        Rc::new(move || {
            let (Some(levels), Some(statuses), Some(window)) =
                (levels.upgrade(), statuses.upgrade(), history.upgrade())
            else {
                return;
            };
            let level = (levels.selected() as usize)
                .checked_sub(1)
                .and_then(|i| Level::ALL.get(i).copied());
            let status = STATUSES.get(statuses.selected() as usize).and_then(|(s, _)| *s);
            // As many games as have rows (the same filters), and a page more.
            let (path, shown) = {
                let shown = window.imp().shown.borrow();
                let rows = match shown.filters == Some((level, status)) {
                    true => shown.rows.len(),
                    false => 0,
                };
                (shown.path.clone(), rows)
            };
            let handle = gio::spawn_blocking(move || {
                let store = open_store(&path)?;
                let filter = Filter {
                    level,
                    status,
                    limit: Some(shown.max(CHUNK) + PAGE),
                    after: None,
                };
                let games = store.list(&filter).map_err(|e| store_error_words(&e))?;
                let total = store.count().map_err(|e| store_error_words(&e))?;
                let matching = match (level, status) {
                    (None, None) => total,
                    _ => store.count_matching(&filter).map_err(|e| store_error_words(&e))?,
                };
                // (At most the game on the board is in progress: starting one sets the last aside.)
                let in_progress = store
                    .count_matching(&Filter {
                        status: Some(GameStatus::InProgress),
                        ..Filter::default()
                    })
                    .map_err(|e| store_error_words(&e))?;
                Ok::<_, String>((games, matching, total, in_progress))
            });
            let (count, history, clear) = (count.clone(), history.clone(), clear.clone());
            glib::spawn_future_local(async move {
                let result = handle
                    .await
                    .unwrap_or_else(|_| Err(gettext("the history could not be read")));
                let (Some(count), Some(history), Some(clear)) = (count.upgrade(), history.upgrade(), clear.upgrade())
                else {
                    return;
                };
                match result {
                    Ok((games, matching, total, in_progress)) => {
                        clear.set_sensitive(total > in_progress);
                        count.set_label(&fill(
                            &ngettext("{n} of {total} game", "{n} of {total} games", total as u32),
                            &[("n", &number(matching)), ("total", &number(total))],
                        ));
                        show_games(&history, (level, status), games, matching, total);
                    }
                    Err(error) => {
                        clear.set_sensitive(false);
                        show_unreadable(&history, &count, &error);
                    }
                }
            });
        })
    };
    // Through the application's action, as a row's Delete is (an `action-name` of `app.…` finds
    // nothing here: this window is not the application's, so the button would stay dead).
    clear.connect_clicked(|_| {
        super::activate_app_action("clear-history", None);
    });
    parts.export.connect_clicked(|_| {
        super::activate_app_action("export-history", None);
    });
    for dropdown in [&levels, &statuses] {
        let reload = reload.clone();
        dropdown.connect_selected_notify(move |_| reload());
    }
    let adjustment = parts.games_scroller.vadjustment();
    // The focus moved to a row (Down, End, Page Down, Tab) scrolls it into view, the list's end
    // then near: so the keyboard, too, reaches the oldest game. (GTK 4.8's viewport, left to do
    // it, lost its place past a few hundred rows and showed the list's top; the list, given the
    // adjustment for Page Up and Down, scrolls as if the clamp had no margin above it.)
    parts.list.set_adjustment(Some(&adjustment));
    if let Some(viewport) = parts.games_scroller.child().and_downcast::<gtk::Viewport>() {
        viewport.set_scroll_to_focus(false);
        let (list, viewport) = (parts.list.downgrade(), viewport.downgrade());
        history.connect_focus_widget_notify(move |window| {
            let (Some(list), Some(viewport), Some(focus)) =
                (list.upgrade(), viewport.upgrade(), gtk::prelude::RootExt::focus(window))
            else {
                return;
            };
            if focus.is_ancestor(&list) {
                scroll_into_view(&viewport, &focus);
            }
        });
    }
    // The list's end near the view (scrolled to, or the window made taller): more rows.
    let near_end = {
        let history = history.downgrade();
        move |_: &gtk::Adjustment| {
            if let Some(history) = history.upgrade() {
                more_if_near_end(&history);
            }
        }
    };
    adjustment.connect_value_changed(near_end.clone());
    adjustment.connect_changed(near_end);
    reload();
    load_stats(&stats_box, path.clone());
    parts.reload.replace(Some(Rc::new(move || {
        reload();
        load_stats(&stats_box, path.clone());
    })));
    super::close_on_escape(&window);
    window.add_controller(undo_shortcut());
    window.present();
}

/// Lists `games` (the newest of the `matching` games that match `filters`, of `total` in the
/// history). Rows the list has for the same filters stay where they are (a game gone loses its
/// row, one come in gains one, one changed shows what it is now), so the player keeps their
/// place, and the focus goes from a game gone to the next; as many rows as it had are made, at
/// least [`CHUNK`], the rest as the list's end comes near. New filters list from the top.
fn show_games(history: &HistoryWindow, filters: Filters, games: Vec<GameRecord>, matching: u64, total: u64) {
    let parts = history.imp();
    let list = parts.list.get();
    let mut shown = parts.shown.borrow_mut();
    let first_reading = shown.filters.is_none();
    if shown.says_none || shown.filters != Some(filters) || games.is_empty() {
        drop(shown);
        clear_list(history);
        parts.games_scroller.vadjustment().set_value(0.0);
        shown = parts.shown.borrow_mut();
    }
    shown.filters = Some(filters);
    shown.reading += 1;
    shown.paging = false;
    shown.more_in_store = (games.len() as u64) < matching;
    if games.is_empty() {
        let empty = match total {
            0 => gettext("No games yet"),
            _ => gettext("No games match these filters"),
        };
        list.append(&adw::ActionRow::builder().title(empty).build());
        shown.says_none = true;
        return;
    }
    let focused = list
        .focus_child()
        .and_downcast::<gtk::ListBoxRow>()
        .map(|row| (row.index(), row));
    let mut games = games;
    let rest = games.split_off(shown.rows.len().max(CHUNK).min(games.len()));
    let ids: HashSet<i64> = games.iter().map(|game| game.id).collect();
    let rows = &mut shown.rows;
    let remove = |rows: &mut Vec<GameRecord>, at: usize| {
        if let Some(row) = list.row_at_index(at as i32) {
            list.remove(&row);
        }
        rows.remove(at);
    };
    // (Rows before `at` are those of the games before `game`, in order.)
    for (at, game) in games.into_iter().enumerate() {
        while rows.get(at).is_some_and(|row| !ids.contains(&row.id)) {
            remove(rows, at);
        }
        match rows.get(at) {
            Some(row) if *row == game => {}
            Some(row) if row.id == game.id => {
                if let Some(row) = list.row_at_index(at as i32).and_downcast::<adw::ActionRow>() {
                    show_game(&row, &game);
                }
                rows[at] = game;
            }
            _ => {
                let row = game_row(history);
                show_game(&row, &game);
                list.insert(&row, at as i32);
                rows.insert(at, game);
            }
        }
    }
    let listed = ids.len();
    while rows.len() > listed {
        remove(rows, listed);
    }
    shown.rest = rest.into();
    // (The list is let go first: the focus moved, the view may scroll, and more rows be asked
    // for.)
    drop(shown);
    if let Some((at, _)) = focused.filter(|(_, row)| row.parent().is_none()) {
        if let Some(row) = list.row_at_index(at.clamp(0, listed as i32 - 1)) {
            row.grab_focus();
        }
    }
    // The window just opened: the focus starts on the newest game, as a list's window opens in
    // its content (the arrows go through the games and Return replays one at once; Shift+Tab
    // goes back to the filters), not on the header's first button.
    if first_reading {
        if let Some(row) = list.row_at_index(0) {
            row.grab_focus();
        }
    }
}

/// Empties the list (its rows and the games still to be given rows).
fn clear_list(history: &HistoryWindow) {
    let parts = history.imp();
    let list = parts.list.get();
    while let Some(row) = list.first_child() {
        list.remove(&row);
    }
    let mut shown = parts.shown.borrow_mut();
    shown.rows.clear();
    shown.rest.clear();
    shown.more_in_store = false;
    shown.reading += 1;
    shown.paging = false;
    shown.says_none = false;
}

/// Says in the list, in place of its games, why the history can't be read (a damaged database,
/// say): a row as wide as the list, its words wrapped, where a label beside the filters widened
/// the window to the reason's length.
fn show_unreadable(history: &HistoryWindow, count: &gtk::Label, error: &str) {
    clear_list(history);
    count.set_label("");
    let title = fill(&gettext("History can't be read: {error}"), &[("error", &error)]);
    // (Not markup: the reason may name a file.)
    let row = adw::ActionRow::builder().title(title).use_markup(false).build();
    history.imp().list.append(&row);
    history.imp().shown.borrow_mut().says_none = true;
}

/// Says above the pages, while history is off (`off`: why), that games are not being saved, so
/// the list stops at the last game saved.
fn tell_off(history: &HistoryWindow, off: Option<&str>) {
    let parts = history.imp();
    if let Some(reason) = off {
        parts.off_label.set_label(&fill(
            &gettext("Games are not being saved: {reason}."),
            &[("reason", &reason)],
        ));
    }
    parts.off_notice.set_revealed(off.is_some());
}

/// History turned off while the app runs: an open History window says so.
pub(super) fn history_turned_off(reason: &str) {
    if let Some(open) = history_window() {
        tell_off(&open, Some(reason));
    }
}

/// Has more rows made when the list's end is within a page of the view.
fn more_if_near_end(history: &HistoryWindow) {
    let adjustment = history.imp().games_scroller.vadjustment();
    if adjustment.value() + 2.0 * adjustment.page_size() >= adjustment.upper() {
        ask_for_more(history);
    }
}

/// With the list's end near the view: the next rows are made in an idle moment (not while GTK
/// lays out the window, when the adjustment tells of its new size).
fn ask_for_more(history: &HistoryWindow) {
    // (Asked while the list is being changed, say as a row taking the focus scrolls the view,
    // it looks again once that is done.)
    let Ok(mut shown) = history.imp().shown.try_borrow_mut() else {
        let history = history.downgrade();
        glib::idle_add_local_once(move || {
            if let Some(history) = history.upgrade() {
                more_if_near_end(&history);
            }
        });
        return;
    };
    if shown.more_asked || shown.rest.is_empty() {
        return;
    }
    shown.more_asked = true;
    let history = history.downgrade();
    glib::idle_add_local_once(move || {
        let Some(history) = history.upgrade() else { return };
        let parts = history.imp();
        let mut shown = parts.shown.borrow_mut();
        shown.more_asked = false;
        let more: Vec<GameRecord> = {
            let n = CHUNK.min(shown.rest.len());
            shown.rest.drain(..n).collect()
        };
        for game in more {
            let row = game_row(&history);
            show_game(&row, &game);
            parts.list.append(&row);
            shown.rows.push(game);
        }
        if shown.rest.len() < CHUNK && shown.more_in_store && !shown.paging {
            drop(shown);
            read_page(&history);
        }
    });
}

/// Reads the next page of the list's games from the store (off the main thread), after the
/// last read; then more rows are made if the list's end is near.
fn read_page(history: &HistoryWindow) {
    let parts = history.imp();
    let mut shown = parts.shown.borrow_mut();
    let (Some((level, status)), Some(last)) = (shown.filters, shown.rest.back().or(shown.rows.last())) else {
        return;
    };
    let filter = Filter {
        level,
        status,
        limit: Some(PAGE),
        after: Some((last.started_at, last.id)),
    };
    let (path, reading) = (shown.path.clone(), shown.reading);
    shown.paging = true;
    let handle = gio::spawn_blocking(move || open_store(&path)?.list(&filter).map_err(|e| store_error_words(&e)));
    let history = history.downgrade();
    glib::spawn_future_local(async move {
        let page = handle
            .await
            .unwrap_or_else(|_| Err(gettext("the history could not be read")));
        let Some(history) = history.upgrade() else { return };
        {
            let mut shown = history.imp().shown.borrow_mut();
            if shown.reading != reading {
                return;
            }
            shown.paging = false;
            // (A page that can't be read ends the list where it is; reading it again, say
            // after the next game, starts from the top.)
            let page = page.unwrap_or_default();
            shown.more_in_store = page.len() == PAGE;
            shown.rest.extend(page);
        }
        more_if_near_end(&history);
    });
}

/// Scrolls `viewport` so that `widget` (inside it) is in view, with a little room around it.
fn scroll_into_view(viewport: &gtk::Viewport, widget: &gtk::Widget) {
    const ROOM: f64 = 6.0;
    let (Some(adjustment), Some(bounds)) = (viewport.vadjustment(), widget.compute_bounds(viewport)) else {
        return;
    };
    let (top, bottom) = (bounds.y() as f64, (bounds.y() + bounds.height()) as f64);
    let page = adjustment.page_size();
    if top < ROOM {
        adjustment.set_value(adjustment.value() + top - ROOM);
    } else if bottom > page - ROOM {
        adjustment.set_value(adjustment.value() + bottom - page + ROOM);
    }
}

/// A game's status as History lists it.
pub(super) fn status_name(status: GameStatus) -> String {
    match status {
        GameStatus::InProgress => gettext("In progress"),
        GameStatus::Solved => gettext("Solved"),
        GameStatus::SolvedWithHelp => gettext("Solved with help"),
        GameStatus::SolvedByComputer => gettext("Solved by the computer"),
        GameStatus::Paused => gettext("Paused: open it to resume"),
        GameStatus::Abandoned => gettext("Abandoned"),
        GameStatus::Lost => gettext("Lost: too many strikes"),
    }
}

/// A game as History and the replay name it: its level, what it practised (a practice game) or
/// the file it came from (an opened puzzle: "top1465.txt, puzzle 37"), then `then` (its status,
/// or when it was played).
pub(super) fn game_heading(game: &GameRecord, then: &str) -> String {
    let practice = game.practice.map(|technique| {
        fill(
            &gettext("Practice of {technique}"),
            &[("technique", &super::names::technique_name(technique))],
        )
    });
    let file = game.file.as_ref().map(|file| match file.number {
        Some(at) => fill(
            &gettext("{file}, puzzle {number}"),
            &[("file", &file.name), ("number", &number(at.into()))],
        ),
        None => file.name.clone(),
    });
    let daily = game
        .seed
        .and_then(daily::Day::of_seed)
        .map(|day| fill(&gettext("Daily Puzzle of {day}"), &[("day", &super::day_name(day))]));
    [
        Some(super::level_name(game.level)),
        practice,
        daily.filter(|_| game.practice.is_none()),
        file,
        Some(then.to_string()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ")
}

/// A row of the games list, its game shown by [`show_game`]: activated, it replays the game;
/// Delete asks to delete it, as the replay's Delete Game does (not the game on the board, which
/// the replay does not offer either). It finds its game by its place in the list, so a row
/// stays as its game changes (and the focus with it).
fn game_row(history: &HistoryWindow) -> adw::ActionRow {
    let row = adw::ActionRow::builder().activatable(true).build();
    row.add_suffix(&gtk::Image::from_icon_name("media-playback-start-symbolic"));
    row.set_tooltip_text(Some(&gettext("Replay this game")));
    let game_of = {
        let history = history.downgrade();
        move |row: &adw::ActionRow| {
            let history = history.upgrade()?;
            let game = history
                .imp()
                .shown
                .borrow()
                .rows
                .get(usize::try_from(row.index()).ok()?)?
                .clone();
            Some((history, game))
        }
    };
    let game = game_of.clone();
    row.connect_activated(move |row| {
        if let Some((history, game)) = game(row) {
            replay::open(history.upcast_ref(), game.id);
        }
    });
    let keys = gtk::EventControllerKey::new();
    keys.connect_key_pressed(move |keys, key, _, modifiers| {
        if key != gtk::gdk::Key::Delete || !modifiers.is_empty() {
            return glib::Propagation::Proceed;
        }
        let Some((_, game)) = keys.widget().and_downcast_ref().and_then(&game_of) else {
            return glib::Propagation::Proceed;
        };
        if game.status == GameStatus::InProgress {
            return glib::Propagation::Proceed;
        }
        super::activate_app_action("delete-game", Some(&game.id.to_variant()));
        glib::Propagation::Stop
    });
    row.add_controller(keys);
    row
}

/// Shows `game` on a row of the games list.
fn show_game(row: &adw::ActionRow, game: &GameRecord) {
    row.set_title(&game_heading(game, &status_name(game.status)));
    row.set_subtitle(&format!(
        "{} · {} · {} · {}",
        super::friendly_time(game.started_at),
        format_duration(game.elapsed_ms),
        count(game.mistakes, "{n} mistake", "{n} mistakes"),
        count(game.hints, "{n} hint", "{n} hints")
    ));
}

/// The History window, when one is open (it is not one of the application's windows).
pub(super) fn history_window() -> Option<HistoryWindow> {
    gtk::Window::list_toplevels()
        .into_iter()
        .find_map(|window| window.downcast::<HistoryWindow>().ok())
}

/// After games are deleted: closes the replays whose window name `gone` accepts, and has every
/// History window read its games and statistics again. (Every toplevel: the History window and
/// replays are not the application's windows.)
pub(super) fn history_changed(gone: impl Fn(&str) -> bool) {
    for window in gtk::Window::list_toplevels() {
        if gone(window.widget_name().as_str()) {
            if let Ok(window) = window.downcast::<gtk::Window>() {
                window.close();
            }
        } else if let Some(history) = window.downcast_ref::<HistoryWindow>() {
            reload(history);
        }
    }
}

/// Has the History window read its games and statistics again.
fn reload(history: &HistoryWindow) {
    let reload = history.imp().reload.borrow().clone();
    if let Some(reload) = reload {
        reload();
    }
}

impl Controller {
    /// After the game on the board changed in the history (started, resumed, rated or ended;
    /// a game started sets the last one aside): an open History window reads its games and
    /// statistics again once the recorder has written the change, so it lists what is so.
    pub(super) fn history_follows_the_game(&self) {
        if history_window().is_none() {
            return;
        }
        let Some(written) = self.recorder.borrow().as_ref().map(|recorder| recorder.written()) else {
            return;
        };
        glib::spawn_future_local(async move {
            if written.recv().await.is_ok() {
                history_changed(|_| false);
            }
        });
    }
}
