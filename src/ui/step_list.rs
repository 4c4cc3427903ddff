//! The Solution Path window: the puzzle's logical solution from its givens, step by step, each
//! step explained as a hint's second stage explains it, and the hardest marked (it sets the
//! rating); beside the list, the board before the selected step with the step drawn on it, as a
//! hint's second stage draws it. Worked out off the main thread, and given up when the window
//! closes. (The controller asks first during play and journals it:
//! `Controller::show_solution_path`.)

use std::cell::{Cell as StdCell, RefCell};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use adw::prelude::*;
use adw::subclass::prelude::ObjectSubclassIsExt;
use gtk::{gio, glib};

use super::board::{self, Layout};
use super::play::{titled_explanation, HintView, Play, Prefs};
use crate::engine::game::{Action, Game, Rules};
use crate::engine::grid::{cell_name, Candidates, Digit, Position, CELLS};
use crate::engine::logic::{self, Board, Level, SolvePath, Step, Technique};
use crate::i18n::{fill, gettext, ngettext};

/// The window's widgets, from its template `resources/ui/solution-path.ui`.
mod imp {
    use adw::subclass::prelude::*;
    use gtk::glib;
    use gtk::CompositeTemplate;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/nonet/Nonet/ui/solution-path.ui")]
    pub struct SolutionPathWindow {
        #[template_child]
        pub heading: TemplateChild<adw::WindowTitle>,
        #[template_child]
        pub status: TemplateChild<gtk::Label>,
        #[template_child]
        pub list: TemplateChild<gtk::ListBox>,
        #[template_child]
        pub board: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub caption: TemplateChild<gtk::Label>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for SolutionPathWindow {
        const NAME: &'static str = "NonetSolutionPathWindow";
        type Type = super::SolutionPathWindow;
        type ParentType = adw::Window;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for SolutionPathWindow {}
    impl WidgetImpl for SolutionPathWindow {}
    impl WindowImpl for SolutionPathWindow {}
    impl AdwWindowImpl for SolutionPathWindow {}
}

glib::wrapper! {
    pub struct SolutionPathWindow(ObjectSubclass<imp::SolutionPathWindow>)
        @extends adw::Window, gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root, gtk::ShortcutManager;
}

/// The open Solution Path window, and (once worked out) how many steps it lists, the hardest
/// technique and the step whose board is shown: for the state file of tests.
pub struct PathShown {
    window: glib::WeakRef<SolutionPathWindow>,
    listed: Rc<StdCell<Option<Listed>>>,
    preview: Rc<RefCell<Preview>>,
}

/// What a worked-out path lists: its number of steps and the hardest step's technique.
type Listed = (usize, Option<Technique>);

impl PathShown {
    /// Whether its window is still open.
    pub fn is_open(&self) -> bool {
        self.window.upgrade().is_some_and(|w| w.is_visible())
    }

    /// How many steps it lists, once worked out.
    pub fn steps(&self) -> Option<usize> {
        self.listed.get().map(|(steps, _)| steps)
    }

    /// The hardest step's technique, once worked out.
    pub fn hardest(&self) -> Option<Technique> {
        self.listed.get().and_then(|(_, hardest)| hardest)
    }

    /// The step whose board is shown (counted from 1), its technique, and the board's digits
    /// and pencil marks.
    pub fn shown(&self) -> Option<(usize, Technique, [Digit; CELLS], [Candidates; CELLS])> {
        let preview = self.preview.borrow();
        let (index, play) = preview.shown.as_ref()?;
        let game = &play.game;
        let marks = std::array::from_fn(|cell| game.marks(cell));
        Some((index + 1, preview.steps[*index].technique, *game.values(), marks))
    }
}

/// The board beside the list: the path's steps, and the one selected with the board before it
/// (a play of its own, which draws the step as a hint's second stage does).
struct Preview {
    givens: [Digit; CELLS],
    solution: [Digit; CELLS],
    level: Level,
    steps: Vec<Step>,
    shown: Option<(usize, Play)>,
}

impl Preview {
    /// Shows step `index`: the board the path reached before it, every empty cell's candidates
    /// as pencil marks, the step drawn on it.
    fn show(&mut self, index: usize) {
        let Some(step) = self.steps.get(index) else {
            self.shown = None;
            return;
        };
        let mut board = Board::from_position(&Position::from_givens(&self.givens));
        for earlier in &self.steps[..index] {
            board.apply(earlier);
        }
        let mut game = Game::new(self.givens, self.solution, Rules::default());
        let values = (0..CELLS)
            .filter(|&cell| !board.is_given(cell) && board.value(cell) != 0)
            .map(|cell| (cell, board.value(cell)))
            .collect();
        let marks = board
            .empty_cells()
            .iter()
            .map(|cell| (cell, board.candidates(cell)))
            .collect();
        if game.apply(Action::TakePosition { values, marks }).is_err() {
            self.shown = None;
            return;
        }
        // Only the step stands out: no selection, no conflicts (there are none), no wrong digits.
        let prefs = Prefs {
            show_conflicts: false,
            mark_wrong: false,
            highlight_region: false,
            highlight_same: false,
            ..Prefs::default()
        };
        let mut play = Play::new(game, self.level, prefs);
        play.selected = None;
        play.hint = Some(HintView::whole(step.clone()));
        self.shown = Some((index, play));
    }

    /// What the caption under the board says: "Before step 12 of 108: r4c3 ≠ 2".
    fn caption(&self) -> String {
        match &self.shown {
            Some((index, _)) => fill(
                &gettext("Before step {number} of {total}: {outcome}"),
                &[
                    ("number", &(index + 1)),
                    ("total", &self.steps.len()),
                    ("outcome", &outcome(&self.steps[*index])),
                ],
            ),
            None => String::new(),
        }
    }
}

/// Opens the window on a puzzle (its givens and solution, and its level for the heading) and
/// works its path out off the main thread; `changed` is called once the path is listed, each
/// time another step's board is shown, and once the window has closed (which gives the path up).
pub fn show(
    parent: &impl IsA<gtk::Window>,
    givens: [Digit; CELLS],
    solution: [Digit; CELLS],
    level: Level,
    changed: impl Fn() + 'static,
) -> PathShown {
    let window: SolutionPathWindow = glib::Object::builder().property("transient-for", parent).build();
    window.imp().heading.set_subtitle(&super::level_name(level));
    let changed = Rc::new(changed);
    let preview = Rc::new(RefCell::new(Preview {
        givens,
        solution,
        level,
        steps: Vec::new(),
        shown: None,
    }));
    connect_preview(&window, &preview, &changed);
    let cancel = Arc::new(AtomicBool::new(false));
    {
        let (cancel, changed) = (cancel.clone(), changed.clone());
        window.connect_close_request(move |_| {
            cancel.store(true, Ordering::Relaxed);
            let changed = changed.clone();
            glib::idle_add_local_once(move || changed());
            glib::Propagation::Proceed
        });
    }
    let listed = Rc::new(StdCell::new(None));
    let handle = gio::spawn_blocking(move || logic::logical_solve_cancellable(&givens, &cancel));
    {
        let (weak, listed, preview) = (window.downgrade(), listed.clone(), preview.clone());
        glib::spawn_future_local(async move {
            let Ok(Some(path)) = handle.await else { return };
            let Some(window) = weak.upgrade() else { return };
            let hardest = list_path(&window, &path);
            listed.set(Some((path.steps.len(), hardest.map(|step| step.technique))));
            preview.borrow_mut().steps = path.steps;
            // The first step's board, and the keys at the list (Home, End, the arrows).
            if let Some(first) = window.imp().list.row_at_index(0) {
                window.imp().list.select_row(Some(&first));
                first.grab_focus();
            }
            changed();
        });
    }
    super::close_on_escape(&window);
    window.present();
    PathShown {
        window: window.downgrade(),
        listed,
        preview,
    }
}

/// Draws the preview's board, and shows the selected step's board (and says which in the
/// caption and to screen readers).
fn connect_preview(window: &SolutionPathWindow, preview: &Rc<RefCell<Preview>>, changed: &Rc<impl Fn() + 'static>) {
    let parts = window.imp();
    {
        let preview = preview.clone();
        parts.board.set_draw_func(move |area, cr, width, height| {
            if let Some((_, play)) = &preview.borrow().shown {
                let layout = Layout::fit_with(width as f64, height as f64, play.prefs.coordinates);
                let _ = board::draw(cr, layout, play, &board::palette(area));
            }
        });
    }
    let (preview, changed) = (preview.clone(), changed.clone());
    let (area, caption) = (parts.board.get(), parts.caption.get());
    parts.list.connect_row_selected(move |_, row| {
        let Some(row) = row else { return };
        let mut preview = preview.borrow_mut();
        preview.show(row.index().max(0) as usize);
        let text = preview.caption();
        drop(preview);
        caption.set_label(&text);
        super::set_accessible(&area, gtk::AccessibleProperty::Label, &text);
        area.queue_draw();
        changed();
    });
}

/// Lists the path's steps in the window, the hardest (the first of the highest score) marked,
/// and says what it found above them; returns the hardest step.
fn list_path<'a>(window: &SolutionPathWindow, path: &'a SolvePath) -> Option<&'a Step> {
    let parts = window.imp();
    let top = path.steps.iter().map(|s| s.score).fold(f32::MIN, f32::max);
    let hardest = path.steps.iter().position(|s| s.score == top);
    for (i, step) in path.steps.iter().enumerate() {
        let row = adw::ActionRow::builder()
            .use_markup(false)
            .title(titled_explanation(step))
            .title_lines(0)
            .subtitle(outcome(step))
            .build();
        let number = gtk::Label::builder()
            .label((i + 1).to_string())
            .width_chars(3)
            .xalign(1.0)
            .css_classes(["dim-label", "numeric"])
            .build();
        row.add_prefix(&number);
        if Some(i) == hardest {
            let star = gtk::Image::from_icon_name("starred-symbolic");
            star.set_tooltip_text(Some(&gettext("The hardest step: it sets the rating")));
            super::set_accessible(&star, gtk::AccessibleProperty::Label, &gettext("The hardest step"));
            row.add_suffix(&star);
        }
        parts.list.append(&row);
    }
    parts.list.set_visible(!path.steps.is_empty());
    let n = path.steps.len();
    let steps = fill(&ngettext("{n} step", "{n} steps", n as u32), &[("n", &n)]);
    let hardest = hardest.map(|i| (i, &path.steps[i]));
    parts.status.set_label(&match (path.solved, hardest) {
        (true, Some((i, step))) => fill(
            &gettext("From the givens to the solution in {steps}. The hardest, step {number}, is {technique}, scored {score}: it sets the rating."),
            &[
                ("steps", &steps),
                ("number", &(i + 1)),
                ("technique", &super::names::technique_name(step.technique)),
                ("score", &format!("{:.1}", step.score)),
            ],
        ),
        (true, None) => gettext("The puzzle is already solved."),
        (false, _) => fill(
            &gettext("After {steps}, no technique Nonet knows applies."),
            &[("steps", &steps)],
        ),
    });
    hardest.map(|(_, step)| step)
}

/// What a step does, in short: "r6c9 = 4", "r4c3 ≠ 2, r5c3 ≠ 2".
fn outcome(step: &Step) -> String {
    let placed = step
        .placements
        .iter()
        .map(|p| format!("{} = {}", cell_name(p.cell), p.digit));
    let removed = step
        .eliminations
        .iter()
        .map(|e| format!("{} ≠ {}", cell_name(e.cell), e.digit));
    placed.chain(removed).collect::<Vec<_>>().join(", ")
}
