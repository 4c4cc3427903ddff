//! The GTK/libadwaita desktop game. The only part of Nonet that touches GTK.
mod animation;
mod application;
mod board;
mod closed_windows;
mod colouring;
mod controller;
mod copy;
mod daily_calendar;
mod digit_pad;
mod drop;
mod entry;
mod file_choosers;
mod file_saver;
mod focus;
mod game_title;
mod help;
mod history;
mod history_deletion;
mod history_export;
mod history_games;
mod history_stats;
mod import;
mod input;
mod lab;
mod lab_completion;
mod lab_files;
mod lab_host;
mod message;
mod names;
mod new_game;
mod pending;
mod picker;
mod play;
mod practice;
mod preferences;
mod print_choices;
mod printing;
mod probe;
mod puzzle_file;
mod recorder;
mod refresh;
mod replay;
mod session;
mod settings;
mod shortcuts;
mod step_list;
mod strict;
pub mod timing;
mod toasts;
mod well_done;
mod window;

use adw::prelude::*;
use gtk::glib;

use crate::i18n::{fill, gettext, pgettext};

pub(crate) use toasts::toast_widgets;
pub use toasts::{dismiss_toast, show_toast};

pub const APP_ID: &str = "io.github.nonet.Nonet";
pub const RESOURCE_PREFIX: &str = "/io/github/nonet/Nonet";

/// How printed captions (and the Solution Path's summary) write numbers, levels and scores in
/// the user's language.
pub const CAPTION_WORDS: crate::print::CaptionWords = crate::print::CaptionWords {
    number: crate::i18n::number,
    level: level_name,
    decimal,
};

pub use crate::i18n::decimal;

/// A level's name in the user's language.
pub fn level_name(level: crate::engine::logic::Level) -> String {
    use crate::engine::logic::Level;
    match level {
        Level::Easy => gettext("Easy"),
        Level::Medium => gettext("Medium"),
        Level::Hard => gettext("Hard"),
        Level::Expert => gettext("Expert"),
        Level::Master => gettext("Master"),
    }
}

/// A level's name inside a sentence ("A new {level} puzzle. Good luck!"): lower case in
/// English; a translation writes it as its language does there (German keeps the capital of
/// its level names: "Ein neues Rätsel (Meister)").
pub fn level_in_sentence(level: crate::engine::logic::Level) -> String {
    use crate::engine::logic::Level;
    match level {
        // Translators: a level's name inside "A new {level} puzzle", "Welcome back: your
        // {level} game…" and the like; English writes it in lower case there.
        Level::Easy => pgettext("level within a sentence", "easy"),
        Level::Medium => pgettext("level within a sentence", "medium"),
        Level::Hard => pgettext("level within a sentence", "hard"),
        Level::Expert => pgettext("level within a sentence", "expert"),
        Level::Master => pgettext("level within a sentence", "master"),
    }
}

/// When a game was played, for a list: "Today, 14:30", "Yesterday, 09:05", or the date as
/// [`local_time`] writes it; in the local time zone (the database keeps UTC).
pub fn friendly_time(unix_ms: i64) -> String {
    let Some(when) = local_date_time(unix_ms) else {
        return String::new();
    };
    let day = |date: &glib::DateTime| date.format("%Y-%m-%d").ok();
    let now = glib::DateTime::now_local().ok();
    let yesterday = now.as_ref().and_then(|now| now.add_days(-1).ok());
    let clock = when.format("%H:%M").map(String::from).unwrap_or_default();
    if now.is_some() && day(&when) == now.as_ref().and_then(day) {
        fill(&gettext("Today, {time}"), &[("time", &clock)])
    } else if yesterday.is_some() && day(&when) == yesterday.as_ref().and_then(day) {
        fill(&gettext("Yesterday, {time}"), &[("time", &clock)])
    } else {
        local_time(unix_ms)
    }
}

/// "3 Nov 2026, 18:00": a moment in the local time zone, for sentences and titles.
pub fn local_time(unix_ms: i64) -> String {
    local_date_time(unix_ms)
        .and_then(|when| when.format("%-d %b %Y, %H:%M").ok())
        .map(String::from)
        .unwrap_or_default()
}

/// The height of a line of the widget's text, in pixels (at least 1).
pub fn line_height(widget: &impl IsA<gtk::Widget>) -> i32 {
    let metrics = widget.pango_context().metrics(None, None);
    ((metrics.height() as f64 / gtk::pango::SCALE as f64).ceil() as i32).max(1)
}

/// "5 Dec 2026": a day of the calendar, as [`local_time`] writes its date.
pub fn day_name(day: crate::engine::daily::Day) -> String {
    local_noon(day)
        .and_then(|when| when.format("%-d %b %Y").ok())
        .map(String::from)
        .unwrap_or_else(|| day.to_string())
}

/// "Saturday": the day's weekday, in the user's language.
pub fn weekday_name(day: crate::engine::daily::Day) -> String {
    local_noon(day)
        .and_then(|when| when.format("%A").ok())
        .map(String::from)
        .unwrap_or_default()
}

/// Noon of `day` in the local time zone: the day as GLib dates and formats it.
pub fn local_noon(day: crate::engine::daily::Day) -> Option<glib::DateTime> {
    glib::DateTime::from_local(day.year(), day.month() as i32, day.day() as i32, 12, 0, 0.0).ok()
}

/// Today in the local time zone (the daily puzzle's day).
pub fn today() -> Option<crate::engine::daily::Day> {
    let now = glib::DateTime::now_local().ok()?;
    crate::engine::daily::Day::new(now.year(), now.month() as u32, now.day_of_month() as u32)
}

fn local_date_time(unix_ms: i64) -> Option<glib::DateTime> {
    glib::DateTime::from_unix_local(unix_ms.div_euclid(1000)).ok()
}

/// A message with one Close button: what every "this can't be done, here is why" dialog is.
pub fn tell(parent: Option<&impl IsA<gtk::Window>>, heading: &str, body: &str) -> adw::MessageDialog {
    let dialog = adw::MessageDialog::new(parent, Some(heading), Some(body));
    dialog.add_response("close", &gettext("Close"));
    dialog.set_default_response(Some("close"));
    present_dialog(&dialog);
    dialog
}

/// Shows a message dialog with its answers named for screen readers by their labels: libadwaita
/// 1.2 gives each answer a mnemonic, and GTK 4.8 reads such a button twice ("Play Play").
pub fn present_dialog(dialog: &adw::MessageDialog) {
    name_mnemonic_buttons(dialog);
    dialog.present();
}

/// A question with Cancel and one answer (`answer`, e.g. "_Solve"), the default; `then` runs when
/// it is chosen. The heading is the dialog's title too (tests find dialogs by their title). Not
/// yet presented: a caller may set another default response first (the one set when it shows
/// has the focus). The same question still open from an earlier request (a second Ctrl+Shift+S,
/// an action sent again from outside) is cancelled: the newest one stands, never a pile of them.
pub fn question(
    parent: &impl IsA<gtk::Window>,
    heading: &str,
    body: &str,
    answer: &str,
    appearance: adw::ResponseAppearance,
    then: impl Fn() + 'static,
) -> adw::MessageDialog {
    question_with_answers(
        parent,
        heading,
        body,
        &[("answer", answer, appearance)],
        move |response| {
            if response == "answer" {
                then();
            }
        },
    )
}

/// A question as [`question`] asks it, with several answers after Cancel (`(id, label,
/// appearance)`, in the order shown; the last is the default). `then` hears every response by
/// its id, Cancel's (`"cancel"`, also when the dialog is closed) included.
pub fn question_with_answers(
    parent: &impl IsA<gtk::Window>,
    heading: &str,
    body: &str,
    answers: &[(&str, &str, adw::ResponseAppearance)],
    then: impl Fn(&str) + 'static,
) -> adw::MessageDialog {
    // Over the window the player was in, never over another question (which may be the one
    // this replaces, and takes its dialogs with it as it goes).
    let mut parent: gtk::Window = parent.clone().upcast();
    while let Some(over) = parent
        .downcast_ref::<adw::MessageDialog>()
        .and_then(|asked| asked.transient_for())
    {
        parent = over;
    }
    close_questions(|asked| asked.title().as_deref() == Some(heading));
    let dialog = adw::MessageDialog::new(Some(&parent), Some(heading), Some(body));
    dialog.set_title(Some(heading));
    dialog.add_response("cancel", &gettext("_Cancel"));
    for (id, label, appearance) in answers {
        dialog.add_response(id, label);
        dialog.set_response_appearance(id, *appearance);
    }
    dialog.set_default_response(answers.last().map(|(id, ..)| *id));
    dialog.set_close_response("cancel");
    name_mnemonic_buttons(&dialog);
    dialog.connect_response(None, move |_, response| then(response));
    dialog
}

/// The name of a question about the game on the board (Solve it? Show its Solution Path?),
/// which a new game on the board cancels: its answer would act on a game it was not asked about.
pub const ABOUT_THE_GAME: &str = "question-about-the-game";

/// The modal window of Nonet's that is open (a dialog or a question), if any.
pub fn open_modal() -> Option<gtk::Window> {
    gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|window| window.downcast::<gtk::Window>().ok())
        .find(|window| window.is_modal() && window.is_visible())
}

/// Cancels the open questions (message dialogs) that `which` picks.
pub fn close_questions(which: impl Fn(&adw::MessageDialog) -> bool) {
    for window in gtk::Window::list_toplevels() {
        if let Some(asked) = window.downcast_ref::<adw::MessageDialog>().filter(|asked| which(asked)) {
            asked.close();
        }
    }
}

/// Names every button with a mnemonic under `widget` (a template's, its popovers' included) by
/// its label alone: GTK 4.8 reads such a button's label twice, the first time with its
/// underscore ("_Start Start").
pub fn name_mnemonic_buttons(widget: &impl IsA<gtk::Widget>) {
    walk::<gtk::Button>(widget.as_ref(), &mut |button| {
        if button.uses_underline() {
            name_by_label(button);
        }
        true
    });
}

/// Names the parts of GTK 4.8's Keyboard Shortcuts window that a screen reader would read by
/// their class: its search button ("GtkImage") and entry ("GtkSearchEntry") are "Search
/// Shortcuts", and the menu of its sections ("GtkMenuButton") is "Sections" (its button inside
/// says the section shown).
pub fn name_shortcuts_window_parts(shortcuts: &gtk::ShortcutsWindow) {
    let search = gettext("Search Shortcuts");
    walk::<gtk::SearchEntry>(shortcuts.upcast_ref(), &mut |entry| {
        set_accessible(entry, gtk::AccessibleProperty::Label, &search);
        true
    });
    walk::<gtk::MenuButton>(shortcuts.upcast_ref(), &mut |menu| {
        set_accessible(menu, gtk::AccessibleProperty::Label, &gettext("Sections"));
        true
    });
    walk::<gtk::ToggleButton>(shortcuts.upcast_ref(), &mut |button| {
        if button.child().is_some_and(|child| child.is::<gtk::Image>()) {
            set_accessible(button, gtk::AccessibleProperty::Label, &search);
        }
        true
    });
}

/// Names the parts of libadwaita 1.2's About window that a screen reader would read by their
/// class: each page's back button ("GtkImage") is "Back", the version button ("GtkButton") says
/// the version, a button with a mnemonic is read once ("_Copy Text Copy Text"), and a page's
/// text (release notes, debugging information: "GtkTextView") takes its page's title.
pub fn name_about_window_parts(about: &adw::AboutWindow) {
    walk::<gtk::Button>(about.upcast_ref(), &mut |button| {
        let icon = button.icon_name().or_else(|| {
            button
                .child()
                .and_downcast::<gtk::Image>()
                .and_then(|image| image.icon_name())
        });
        if button.uses_underline() {
            name_by_label(button);
        } else if icon.as_deref() == Some("go-previous-symbolic") {
            set_accessible(button, gtk::AccessibleProperty::Label, &gettext("Back"));
        } else if let Some(version) = button.child().and_downcast::<gtk::Label>() {
            let name = fill(&gettext("Version {version}"), &[("version", &version.text())]);
            set_accessible(button, gtk::AccessibleProperty::Label, &name);
        }
        true
    });
    walk::<gtk::TextView>(about.upcast_ref(), &mut |text| {
        // The nearest part of the window above the text that holds a page title: its page.
        let mut above = text.parent();
        while let Some(part) = above {
            let mut title = None;
            walk::<adw::WindowTitle>(&part, &mut |found| {
                title = Some(found.title());
                false
            });
            if let Some(title) = title {
                set_accessible(text, gtk::AccessibleProperty::Label, &title);
                break;
            }
            above = part.parent();
        }
        true
    });
}

/// Names a button for screen readers by its label, without the mnemonic's underscore.
fn name_by_label(button: &gtk::Button) {
    let Some(label) = button.label() else { return };
    let name = if button.uses_underline() {
        label.replacen('_', "", 1)
    } else {
        label.to_string()
    };
    // (A relation to its label would win over the name, and read it twice.)
    forget_labelled_by(button);
    set_accessible(button, gtk::AccessibleProperty::Label, &name);
}

/// Drops a widget's labelled-by relation, so that its name is its label property
/// (`gtk_accessible_reset_relation`, in every GTK 4, bound by gtk4-rs only from GTK 4.10).
fn forget_labelled_by(widget: &impl IsA<gtk::Widget>) {
    use gtk::glib::translate::{IntoGlib, ToGlibPtr};
    extern "C" {
        fn gtk_accessible_reset_relation(accessible: *mut std::ffi::c_void, relation: gtk::ffi::GtkAccessibleRelation);
    }
    let widget: &gtk::Widget = widget.as_ref();
    let instance: *mut gtk::ffi::GtkWidget = widget.to_glib_none().0;
    // SAFETY: a widget is a GtkAccessible, and the relation one of GTK's own.
    unsafe {
        gtk_accessible_reset_relation(instance.cast(), gtk::AccessibleRelation::LabelledBy.into_glib());
    }
}

/// Visits `widget` and the widgets under it, depth first, handing each of type `T` to `visit`
/// (without going under it), which returns whether to go on. For reaching the parts GTK 4.8
/// offers no other way to (a toast's close button, a drop-down's button). Returns whether the
/// walk went to the end.
fn walk<T: IsA<gtk::Widget>>(widget: &gtk::Widget, visit: &mut impl FnMut(&T) -> bool) -> bool {
    if let Some(found) = widget.downcast_ref::<T>() {
        return visit(found);
    }
    let mut child = widget.first_child();
    while let Some(inner) = child {
        if !walk(&inner, visit) {
            return false;
        }
        child = inner.next_sibling();
    }
    true
}

/// Lets Return in a spin button answer its dialog (its default response): GTK 4.8's spin button
/// has no `activates-default` of its own, so its inner text is given it.
pub fn spin_activates_default(spin: &gtk::SpinButton) {
    if let Some(text) = spin.delegate().and_downcast::<gtk::Text>() {
        text.set_activates_default(true);
    }
}

/// Names a drop-down for screen readers: the drop-down `what`, and its button as
/// [`name_drop_down_button`] does.
pub fn name_drop_down(drop_down: &gtk::DropDown, what: &str) {
    set_accessible(drop_down, gtk::AccessibleProperty::Label, what);
    name_drop_down_button(drop_down, what);
}

/// Names the button of a drop-down (which GTK 4.8 leaves unnamed: read "GtkToggleButton")
/// "what: choice", kept up to date with the choice. (A drop-down with a mnemonic label is named
/// by it; naming it as well would read both.)
pub fn name_drop_down_button(drop_down: &gtk::DropDown, what: &str) {
    let what = what.to_string();
    let name_button = move |drop_down: &gtk::DropDown| {
        let Some(button) = toggle_button_in(drop_down.upcast_ref()) else {
            return;
        };
        let choice = drop_down
            .selected_item()
            .and_downcast::<gtk::StringObject>()
            .map(|s| s.string().to_string())
            .unwrap_or_default();
        let name = fill(&gettext("{what}: {choice}"), &[("what", &what), ("choice", &choice)]);
        set_accessible(&button, gtk::AccessibleProperty::Label, &name);
    };
    name_button(drop_down);
    drop_down.connect_selected_item_notify(name_button);
}

/// The first toggle button under `widget`.
fn toggle_button_in(widget: &gtk::Widget) -> Option<gtk::ToggleButton> {
    let mut first = None;
    walk::<gtk::ToggleButton>(widget, &mut |button| {
        first = Some(button.clone());
        false
    });
    first
}

/// Activates the application's action `name` with `target`: from a window not added to the
/// application (History, a replay, the practice chooser's rows), whose widgets' `app.` action
/// names would not reach it.
pub fn activate_app_action(name: &str, target: Option<&glib::Variant>) {
    if let Some(app) = gtk::gio::Application::default() {
        app.activate_action(name, target);
    }
}

/// A shortcut that clicks the button, when it is sensitive.
pub fn clicking(trigger: &str, button: &gtk::Button) -> gtk::Shortcut {
    let button = button.downgrade();
    gtk::Shortcut::new(
        gtk::ShortcutTrigger::parse_string(trigger),
        Some(gtk::CallbackAction::new(move |_, _| {
            let Some(button) = button.upgrade().filter(|b| b.is_sensitive()) else {
                return glib::Propagation::Proceed;
            };
            button.emit_clicked();
            glib::Propagation::Stop
        })),
    )
}

/// Lets Escape and Ctrl+W close a secondary window (History, a replay, the Solution Path), as
/// they close GNOME's dialogs and the Preferences window.
pub fn close_on_escape(window: &impl IsA<gtk::Window>) {
    let shortcuts = gtk::ShortcutController::new();
    shortcuts.add_shortcut(gtk::Shortcut::new(
        gtk::ShortcutTrigger::parse_string("Escape|<Control>w"),
        Some(gtk::NamedAction::new("window.close")),
    ));
    window.as_ref().add_controller(shortcuts);
}

/// Leaves GTK's OpenGL off unless the user chose a renderer (`GSK_RENDERER`) or GDK's debug
/// flags (`GDK_DEBUG`). Nonet draws everything with cairo (board, pad, print preview) and its
/// animations are a board redraw a frame, so GL buys it nothing; yet GTK 4.8 creates a GL context
/// when it opens the display, and under Mesa that cost 110 MB of resident memory and 80 ms of
/// start here (`NONET_TRACE_STARTUP=1`; README, Performance). GTK 4.8 has no API for this; the
/// debug flag `gl-disable` is its documented switch, read once when GTK starts, and the cairo
/// renderer is then named so that GSK does not try GL first (and log that it failed). Call first
/// in `main`, while the process has one thread.
pub fn leave_gl_off() {
    if std::env::var_os("GSK_RENDERER").is_none() && std::env::var_os("GDK_DEBUG").is_none() {
        std::env::set_var("GDK_DEBUG", "gl-disable");
        std::env::set_var("GSK_RENDERER", "cairo");
    }
}

/// Runs the application; returns its exit code.
pub fn run() -> glib::ExitCode {
    crate::i18n::init();
    timing::startup("translations");
    gtk::gio::resources_register_include!("nonet.gresource").expect("the compiled-in resources register");
    timing::startup("resources registered");
    let status = application::build().run();
    // The Lab's script, saved as its window closed, is on the disk before the process ends.
    file_saver::finish();
    status
}

/// Sets a text property of a widget's accessible (its label or description, what screen
/// readers read). `gtk_accessible_update_property_value` is in every GTK 4, but gtk4-rs 0.11
/// binds it (and the `Accessible` interface) only from GTK 4.10.
pub fn set_accessible(widget: &impl IsA<gtk::Widget>, property: gtk::AccessibleProperty, text: &str) {
    use gtk::glib::translate::{IntoGlib, ToGlibPtr};
    extern "C" {
        fn gtk_accessible_update_property_value(
            accessible: *mut std::ffi::c_void,
            n_properties: std::ffi::c_int,
            properties: *mut gtk::ffi::GtkAccessibleProperty,
            values: *const gtk::glib::gobject_ffi::GValue,
        );
    }
    let value = text.to_value();
    let mut properties = [property.into_glib()];
    let widget: &gtk::Widget = widget.as_ref();
    let instance: *mut gtk::ffi::GtkWidget = widget.to_glib_none().0;
    // SAFETY: a widget is a GtkAccessible; one property and one initialised string value, as
    // the function expects (GTK copies the value).
    unsafe {
        gtk_accessible_update_property_value(instance.cast(), 1, properties.as_mut_ptr(), value.to_glib_none().0);
    }
}
